// Form schemas of sign-in and password reset (spec accounts §5), shared by browser and server.
import { z } from 'zod/v4'
import { PASSWORD_MAX, PASSWORD_MIN } from '../../platform/contracts/auth-messages'

export const loginSchema = z.object({
  email: z.string({ error: 'User name is required' }).trim().max(254),
  password: z.string({ error: 'Password is required' }).max(PASSWORD_MAX),
})

export const otpSchema = z.object({
  otp: z
    .string({ error: 'Enter a valid otp' })
    .trim()
    .regex(/^\d{6}$/, 'Enter a valid otp'),
})

export const forgotPasswordSchema = z
  .object({
    email: z.string({ error: 'Email is invalid' }).trim().email('Email is invalid').max(254),
    password: z
      .string({ error: `Password must be at least ${PASSWORD_MIN} characters` })
      .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
      .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
    confirmPassword: z.string({ error: 'Password does not match' }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: 'Password does not match',
    path: ['confirmPassword'],
  })

/** The resend-OTP timer: 45 s after the first code, 300 s after each resend (spec §4, §9). */
export const resendDelaySeconds = (sends: number) => (sends <= 1 ? 45 : 300)

/** mm:ss */
export const formatCountdown = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`
