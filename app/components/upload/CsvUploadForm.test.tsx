// @vitest-environment happy-dom
// The upload form as a person meets it: a labelled file field, the checks made the moment a file is
// chosen or dropped, and the action's answer with its row errors and the error report download.
import { createRemixStub } from '@remix-run/testing'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { CsvUploadForm } from './CsvUploadForm'
import type { UploadResult } from './upload-result'

afterEach(cleanup)

function renderForm(result: UploadResult | null = null) {
  const Stub = createRemixStub([
    {
      path: '/',
      Component: () => (
        <CsvUploadForm
          label="Metadata Enrichment CSV"
          maxBytes={1024}
          hint="max 25mb"
          messages={{ selected: 'File Selected Successfully !' }}
          result={result}
        />
      ),
    },
  ])
  return render(<Stub initialEntries={['/']} />)
}

const csv = (name: string, bytes: number) => new File(['x'.repeat(bytes)], name, { type: 'text/csv' })

describe('CsvUploadForm', () => {
  it('is a labelled, required .csv field in a multipart post form', () => {
    const view = renderForm()
    const input = screen.getByLabelText('Metadata Enrichment CSV') as HTMLInputElement
    expect(input.type).toBe('file')
    expect(input.name).toBe('file')
    expect(input.required).toBe(true)
    expect(input.accept).toBe('.csv,text/csv')
    expect(screen.getByText('max 25mb').id).toBe(input.getAttribute('aria-describedby'))
    const form = view.container.querySelector('form') as HTMLFormElement
    expect(form.method).toBe('post')
    expect(form.getAttribute('enctype')).toBe('multipart/form-data')
    expect(screen.getByRole('button', { name: 'Upload' })).toBeTruthy()
  })

  it('refuses a file that is not .csv as soon as it is chosen', async () => {
    renderForm()
    const input = screen.getByLabelText('Metadata Enrichment CSV') as HTMLInputElement
    fireEvent.change(input, { target: { files: [csv('report.xlsx', 10)] } })
    expect((await screen.findByRole('alert')).textContent).toBe('Selected File Format is Incorrect !')
    expect(input.getAttribute('aria-invalid')).toBe('true')
  })

  it('refuses a file over the limit, and confirms a good one', async () => {
    renderForm()
    const input = screen.getByLabelText('Metadata Enrichment CSV') as HTMLInputElement
    fireEvent.change(input, { target: { files: [csv('big.csv', 2048)] } })
    expect((await screen.findByRole('alert')).textContent).toBe('File size exceeds 25MB limit')
    fireEvent.change(input, { target: { files: [csv('ok.csv', 100)] } })
    expect(await screen.findByText('File Selected Successfully !')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it("shows the action's refusal: message, each row's reason, and the report to download", () => {
    const report = "Row,Column,Value,Reason\r\n3,Keyword,'=cmd,Empty cells are not allowed"
    renderForm({
      ok: false,
      status: 400,
      message: 'Invalid file. Please upload a valid file.',
      fileName: 'meta.csv',
      rows: 4,
      applied: 0,
      errors: [
        { row: 3, column: 'Keyword', value: '=cmd', reason: 'Empty cells are not allowed' },
        { row: 5, column: 'Product Id', value: 'x', reason: 'Invalid product' },
      ],
      errorCount: 2,
      errorReport: report,
      errorReportName: 'Metadata_Error_Report.csv',
    })
    expect(screen.getByRole('alert').textContent).toBe('Invalid file. Please upload a valid file.')
    const rows = screen.getAllByRole('row').map((row) => row.textContent)
    expect(rows).toEqual([
      'RowColumnReason',
      '3KeywordEmpty cells are not allowed',
      '5Product IdInvalid product',
    ])
    const link = screen.getByRole('link', { name: 'Download Report' }) as HTMLAnchorElement
    expect(link.getAttribute('download')).toBe('Metadata_Error_Report.csv')
    expect(decodeURIComponent(link.getAttribute('href') ?? '')).toBe(`data:text/csv;charset=utf-8,${report}`)
  })
})
