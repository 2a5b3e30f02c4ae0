import path from 'node:path'
import { projectPath } from '../../platform/paths'

export const E2E_DIR = projectPath('.tmp/e2e')
export const SESSIONS_FILE = path.join(E2E_DIR, 'sessions.json')
export type SessionPool = Record<string, { tokens: string[] }>
export const USERS_FILE = path.join(E2E_DIR, 'e2e-users.json')
