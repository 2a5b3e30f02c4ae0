// Bulk Upload (/admin/bulkUpload, spec accounts §2 "Bulk upload", §8; decision 048): Metadata Enrichment
// (the upload kit's form: a plain file input without JS, drag and drop and progress with it; the sample CSV
// and 'max 25mb') and Keywords Search by Product ID (a GET form: the search is an address; Clear All is a
// second GET form with no field, so it works without JS too).
import type { SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useId } from 'react'
import type { KeywordSearch, MetadataUploadSettings } from '../../models/metadata.server'
import { useZodForm } from '../../utils/use-zod-form'
import { Banner } from '../Banner'
import * as formStyles from '../form.css'
import { NativeChecksWhileLoading, TextField } from '../FormParts'
import { ErrorState } from '../list'
import { ListTable } from '../list/ListTable'
import { CsvUploadForm } from '../upload/CsvUploadForm'
import type { UploadResult } from '../upload/upload-result'
import * as styles from './bulk-upload.css'
import { keywordSearchForm } from './keyword-search-form'

type Props = {
  path: string
  /** The upload's limit, sample and messages (from the loader: the contract module holds zod). */
  settings: MetadataUploadSettings
  lastResult: SubmissionResult<string[]> | null
  search: KeywordSearch
  upload: UploadResult | null
}

export function BulkUploadPage({ path, settings, lastResult, search, upload }: Props) {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Bulk Upload</h1>
      <MetadataEnrichment settings={settings} upload={upload} />
      <KeywordSearchSection path={path} lastResult={lastResult} search={search} />
    </div>
  )
}

function MetadataEnrichment({
  settings,
  upload,
}: {
  settings: MetadataUploadSettings
  upload: UploadResult | null
}) {
  return (
    <section aria-labelledby="metadata-heading" className={styles.section}>
      <h2 id="metadata-heading" className={styles.heading}>
        Metadata Enrichment
      </h2>
      <CsvUploadForm
        label="Keyword metadata CSV file"
        maxBytes={settings.maxBytes}
        messages={settings.messages}
        hint={
          <>
            Drop a CSV file here or choose one (max 25mb).{' '}
            <a href={settings.sample} download className={styles.link}>
              Download sample CSV
            </a>
          </>
        }
        submitLabel="Upload"
        result={upload}
      />
    </section>
  )
}

function KeywordSearchSection({
  path,
  lastResult,
  search,
}: {
  path: string
  lastResult: SubmissionResult<string[]> | null
  search: KeywordSearch
}) {
  const [form, fields] = useZodForm(keywordSearchForm, lastResult)
  const clearId = useId()
  return (
    <section aria-labelledby="keyword-search-heading" className={styles.section}>
      <h2 id="keyword-search-heading" className={styles.heading}>
        Keywords Search by Product ID
      </h2>
      <Form method="get" action={path} {...form.props} className={formStyles.form}>
        <div className={styles.searchRow}>
          <div className={styles.searchField}>
            <TextField field={fields.productId} label="Product Id" inputMode="numeric" autoComplete="off" />
          </div>
          <div className={formStyles.actions}>
            <button type="submit" className={formStyles.primary}>
              Search Keywords
            </button>
            <button type="submit" form={clearId} className={formStyles.secondary}>
              Clear All
            </button>
          </div>
        </div>
      </Form>
      <NativeChecksWhileLoading />
      {/* Clear All: the page without a search (no field: the address loses ?productId). */}
      <Form method="get" action={path} id={clearId} />
      <SearchResult search={search} />
    </section>
  )
}

function SearchResult({ search }: { search: KeywordSearch }) {
  switch (search.kind) {
    case 'none':
      return null
    case 'found':
      return (
        <ListTable
          caption={`Keywords of product ${search.productId}`}
          columns={[{ label: 'Product Id' }, { label: 'Keywords' }]}
          summary={`${search.keywords.length} ${search.keywords.length === 1 ? 'keyword' : 'keywords'} for product ${search.productId}`}
        >
          <tr>
            <td className={styles.wrapCell}>{search.productId}</td>
            <td className={styles.wrapCell}>
              <ul className={styles.keywordList}>
                {search.keywords.map((keyword) => (
                  <li key={keyword} className={styles.keyword}>
                    {keyword}
                  </li>
                ))}
              </ul>
            </td>
          </tr>
        </ListTable>
      )
    case 'empty':
      return <Banner kind="info">{search.message}</Banner>
    case 'notValid':
      return <Banner kind="error">{search.message}</Banner>
    case 'error':
      return <ErrorState title="Error" message={search.message} />
  }
}
