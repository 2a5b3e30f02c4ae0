// @vitest-environment happy-dom
import { createRemixStub } from '@remix-run/testing'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Pager, type PagerProps } from './Pager'

afterEach(cleanup)

function renderPager(props: Partial<PagerProps>) {
  const Stub = createRemixStub([
    {
      path: '/list',
      Component: () => (
        <Pager
          page={1}
          totalPages={3}
          size={10}
          sizes={[10, 20, 50, 100]}
          pageLink={(page) => `/list?page=${page}`}
          keep={[['sort', 'spend']]}
          {...props}
        />
      ),
    },
  ])
  const view = render(<Stub initialEntries={['/list']} />)
  const hrefs = [...view.container.querySelectorAll('a')].map((a) => a.getAttribute('href'))
  return { view, hrefs }
}

describe('Pager', () => {
  it('on page 1: Previous is text (no href, no tab stop), Next links to page 2', () => {
    const { view, hrefs } = renderPager({ page: 1 })
    expect(screen.getByTestId('page-label').textContent).toBe('Page 1 of 3')
    expect(screen.queryByRole('link', { name: 'Previous page' })).toBeNull()
    const previous = screen.getByTestId('pager-previous')
    expect(previous.getAttribute('aria-disabled')).toBe('true')
    expect(previous.matches('a, button, [tabindex]')).toBe(false)
    expect(screen.getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe('/list?page=2')
    expect(hrefs).toEqual(['/list?page=2'])
    expect(view.container.innerHTML).not.toContain('page=0')
  })

  it('on the last page: Next is text and nothing points past it', () => {
    const { hrefs } = renderPager({ page: 3 })
    expect(screen.queryByRole('link', { name: 'Next page' })).toBeNull()
    expect(screen.getByTestId('pager-next').getAttribute('aria-disabled')).toBe('true')
    expect(hrefs).toEqual(['/list?page=2'])
  })

  it('past the end (an old link): Previous leads to the last page, Next is text', () => {
    const { hrefs } = renderPager({ page: 9 })
    expect(hrefs).toEqual(['/list?page=3'])
  })

  it('with one page or none: both arrows are text', () => {
    expect(renderPager({ page: 1, totalPages: 1 }).hrefs).toEqual([])
    cleanup()
    const { hrefs } = renderPager({ page: 1, totalPages: 0 })
    expect(hrefs).toEqual([])
    expect(screen.getByTestId('page-label').textContent).toBe('Page 1 of 1')
  })

  it('rows per page is a GET form carrying the rest of the state, without the page', () => {
    renderPager({ page: 2, size: 20 })
    const select = screen.getByLabelText('Rows per page') as HTMLSelectElement
    expect(select.value).toBe('20')
    expect([...select.options].map((o) => o.value)).toEqual(['10', '20', '50', '100'])
    const form = select.form as HTMLFormElement
    expect(form.method).toBe('get')
    expect([...new FormData(form).entries()]).toEqual([
      ['sort', 'spend'],
      ['size', '20'],
    ])
  })

  it('without sizes there is no rows-per-page form', () => {
    renderPager({ page: 2, sizes: undefined, size: undefined })
    expect(screen.queryByLabelText('Rows per page')).toBeNull()
    expect(screen.getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe('/list?page=1')
  })
})
