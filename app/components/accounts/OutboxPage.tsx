// The Outbox page (issue 11, beyond the spec; decision 037): the mail kept instead of sent, newest
// first, each message a <details> that opens on its plain-text body. Nothing of a message is ever
// rendered as HTML; only links to the console itself are links. Works the same with JavaScript off.
import type { OutboxData, OutboxItem } from '../../models/outbox.server'
import { EmptyState, ErrorState, Pager } from '../list'
import * as styles from './outbox.css'

export function OutboxPage({ data }: { data: OutboxData }) {
  const { page, size, totalPages } = data
  return (
    <section aria-labelledby="outbox-heading" className={styles.page}>
      <h1 id="outbox-heading" className={styles.title}>
        Outbox
      </h1>
      <p className={styles.intro}>
        No mail server is set up, so the e-mails the console sends are kept here instead: newest first, times
        in IST. Open a message to read it and follow its links.
      </p>
      {data.error ? <ErrorState title="Error" message={data.error} /> : null}
      {!data.error && data.messages.length === 0 ? (
        <EmptyState title={page > 1 ? 'No e-mails on this page' : 'No e-mails yet'}>
          {page > 1 ? 'Go back to the first page.' : 'E-mails the console sends will appear here.'}
        </EmptyState>
      ) : null}
      {data.messages.length > 0 ? (
        <ol
          className={styles.list}
          aria-label={`E-mails, page ${page} of ${totalPages}`}
          data-testid="outbox-list"
        >
          {data.messages.map((message) => (
            <Message key={message.id} message={message} />
          ))}
        </ol>
      ) : null}
      <Pager
        page={page}
        totalPages={totalPages}
        size={size}
        sizes={data.sizes}
        pageLink={(p) => `?page=${p}&size=${size}`}
        label="Outbox pages"
      />
    </section>
  )
}

function Message({ message }: { message: OutboxItem }) {
  return (
    <li className={styles.item} data-testid="outbox-message">
      <details>
        <summary className={styles.summary}>
          <span className={styles.subject}>{message.subject || '(no subject)'}</span>
          <span className={styles.meta}>
            <span>
              <span className={styles.label}>To:</span> {message.to}
            </span>
            <span>
              <span className={styles.label}>Time:</span> <time>{message.time}</time>
            </span>
          </span>
        </summary>
        <pre className={styles.body} data-testid="outbox-body">
          {message.body.map((part, index) =>
            part.href ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: a body's parts never move
              <a key={index} href={part.href} className={styles.link}>
                {part.text}
              </a>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: a body's parts never move
              <span key={index}>{part.text}</span>
            ),
          )}
        </pre>
        {message.attachments.length > 0 ? (
          <p className={styles.attachments}>
            <span className={styles.label}>Attachments (in the .eml file):</span>{' '}
            {message.attachments.join(', ')}
          </p>
        ) : null}
      </details>
    </li>
  )
}
