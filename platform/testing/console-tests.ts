// What the console's route tests may reach of the platform beyond its contracts and rules (the
// architecture test lets test code import platform/testing only): tables to arrange rows, the
// authenticator's code generator, and the mailer that keeps an outbox.
export { accounts, campaigns, users } from '../db/schema'
export { currentTotp } from '../auth/totp'
export { createMailer, type Mailer } from '../mail'
