import * as styles from './list.css'

/**
 * The list as a file for the same query as the screen (filters and sort; every page). A plain link
 * with `download`: the browser saves the file without leaving the list, with or without JS.
 */
export function DownloadLink({ href, label = 'Download Table' }: { href: string; label?: string }) {
  return (
    <a href={href} className={styles.button} download>
      {label}
    </a>
  )
}
