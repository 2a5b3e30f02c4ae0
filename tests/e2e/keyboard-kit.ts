// Keyboard-only driving for the browser tests (docs/decisions/023): Tab to a control, checking at every
// stop that focus is on something and shows.
import type { Locator, Page } from '@playwright/test'
import { expect } from './fixtures'

/** Focus is on an element other than <body>, and it shows (`:focus-visible`, or a drawn outline). */
export async function expectVisibleFocus(page: Page) {
  const focus = await page.evaluate(() => {
    const active = document.activeElement
    return {
      body: !active || active === document.body,
      visible: Boolean(
        active?.matches(':focus-visible') ||
          (active &&
            getComputedStyle(active).outlineStyle !== 'none' &&
            getComputedStyle(active).outlineWidth !== '0px'),
      ),
      what: active ? active.outerHTML.slice(0, 160) : 'nothing',
    }
  })
  expect(focus.body, 'focus is not on <body>').toBe(false)
  expect(focus.visible, `focus is visible on ${focus.what}`).toBe(true)
}

/** Presses Tab (or Shift+Tab, to go back up) until `target` has focus, checking every stop on the way. */
export async function tabTo(page: Page, target: Locator, limit = 80, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key)
    await expectVisibleFocus(page)
    if (await target.evaluate((element) => element === document.activeElement)) return
  }
  throw new Error(`${target} not reached in ${limit} ${key} presses`)
}
