// The floor's render thread, started from plain JavaScript: a worker thread does not inherit the tsx
// loader the floor server runs under (`node --import tsx`), so it registers one before loading the thread.
import { register } from 'tsx/esm/api'

register()
await import('./floor-thread.ts')
