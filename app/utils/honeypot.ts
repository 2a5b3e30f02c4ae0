/** Name of the honeypot field public forms carry (HoneypotField renders it, isBotSubmission checks it). */
export const HONEYPOT_FIELD = 'website'
