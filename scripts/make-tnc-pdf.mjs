// Writes public/tnc.pdf, the advertiser terms the click-wrap page embeds (spec accounts §9: "Terms PDF
// at /tnc.pdf"), from the text below. No PDF library: A4 pages of Helvetica text (PDF 1.4 standard
// fonts, so nothing is embedded), lines wrapped with the fonts' own widths, and an exact xref table.
// The output is deterministic: run `node scripts/make-tnc-pdf.mjs` after editing the terms, and bump
// TNC_VERSION together with settings.tncVersion so users are asked again.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const TNC_VERSION = '2026-01'
const EFFECTIVE = '1 January 2026'

/** @type {{ heading: string, paragraphs: string[] }[]} */
const SECTIONS = [
  {
    heading: '1. About these terms',
    paragraphs: [
      'These Advertiser Terms and Conditions ("Terms") govern the use of the Ad Console, the advertising console of the Marketplace, by sellers, brands and agencies ("Advertisers"). By ticking "I agree with the Terms and Conditions" and selecting Continue, you accept these Terms on behalf of yourself and the business you represent, and you confirm that you are authorised to do so.',
      'If you do not accept these Terms you may not create, run or manage campaigns in the Ad Console. Your seller, brand or agency account on the Marketplace is not otherwise affected.',
    ],
  },
  {
    heading: '2. Accounts and access',
    paragraphs: [
      'Access is personal. You must keep your password and your authenticator app secure, must not share your sign-in with anyone, and must tell us at once if you believe your account has been used without your permission. Only one active sign-in per user is allowed; signing in on another device ends the earlier session.',
      'Agencies act only for the brands that have approved a link with them, and only while that link is in place. A brand may end a link at any time through the de-link process. Agencies are responsible for the acts of their own users.',
    ],
  },
  {
    heading: '3. Campaigns and ad content',
    paragraphs: [
      'You may promote only products that you are entitled to sell on the Marketplace and that comply with the Marketplace policies, the Legal Metrology (Packaged Commodities) Rules, 2011, the Consumer Protection Act, 2019 and every other law that applies to them. You are responsible for the keywords, bids, budgets and targeting you choose.',
      'We may review, reject, pause or remove any campaign, keyword or ad that we reasonably believe is misleading, infringes the rights of others, relates to prohibited or restricted products, or harms the experience of customers on the Marketplace. Where practical we will tell you why.',
    ],
  },
  {
    heading: '4. Charges, credits and taxes',
    paragraphs: [
      'Sponsored campaigns are charged per click at no more than your bid. Charges are drawn from the credit limit, payments and promotional credits shown in your account; when no credit is available your campaigns are paused until credit is added. Promotional credits have no cash value and expire on the date stated when they are granted.',
      'All amounts are in Indian Rupees and are exclusive of Goods and Services Tax, which is charged in addition at the applicable rate. Invalid or fraudulent clicks identified by our systems are not charged. Billing queries must be raised within 30 days of the charge.',
    ],
  },
  {
    heading: '5. Reports and data',
    paragraphs: [
      'Campaign and analytics reports are provided for your own business use. They are based on our measurement, which is final for billing purposes. Report downloads are protected by a one-time password sent to your registered e-mail address.',
      'We process personal data in line with the Digital Personal Data Protection Act, 2023 and the Marketplace privacy policy. You must not use the Ad Console to collect personal data of customers, and you must not attempt to identify individual customers from aggregated reports.',
    ],
  },
  {
    heading: '6. Suspension and termination',
    paragraphs: [
      'We may suspend or revoke access to the Ad Console if you breach these Terms, if your Marketplace account is suspended, or if required by law. You may stop using the Ad Console at any time; charges already incurred remain payable.',
    ],
  },
  {
    heading: '7. Liability',
    paragraphs: [
      'The Ad Console is provided on an "as is" basis. We do not guarantee any level of impressions, clicks or sales. To the extent permitted by law, our total liability to you in any month is limited to the amount you paid for advertising in that month, and we are not liable for indirect or consequential loss.',
    ],
  },
  {
    heading: '8. Changes and governing law',
    paragraphs: [
      'We may change these Terms by publishing a new version in the Ad Console. You will be asked to accept the new version before you continue to use the console. These Terms are governed by the laws of India, and the courts at Bengaluru, Karnataka have exclusive jurisdiction.',
      'Questions about these Terms can be sent to the advertiser support team through the help section of the Marketplace seller portal.',
    ],
  },
]

// Advance widths (1/1000 em) of the printable ASCII range 32..126 in the standard Helvetica fonts.
// biome-ignore format: one row per 16 characters reads better than one number per line
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
]
// biome-ignore format: as above
const HELVETICA_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
  975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
  333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
  611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
]
const FONTS = {
  F1: { name: 'Helvetica', widths: HELVETICA },
  F2: { name: 'Helvetica-Bold', widths: HELVETICA_BOLD },
}

const PAGE = { width: 595, height: 842, margin: 64 }
const TEXT_WIDTH = PAGE.width - 2 * PAGE.margin

function textWidth(text, font, size) {
  let units = 0
  for (const char of text) {
    const code = char.charCodeAt(0)
    if (code < 32 || code > 126) throw new Error(`not printable ASCII: ${JSON.stringify(char)} in "${text}"`)
    units += FONTS[font].widths[code - 32]
  }
  return (units * size) / 1000
}

function wrap(text, font, size) {
  const lines = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word
    if (line && textWidth(candidate, font, size) > TEXT_WIDTH) {
      lines.push(line)
      line = word
    } else line = candidate
  }
  if (line) lines.push(line)
  return lines
}

/** Lays the document out as lines with positions, page by page. */
function layout() {
  /** @type {{ font: string, size: number, text: string, y: number }[][]} */
  const pages = [[]]
  let y = PAGE.height - PAGE.margin
  const bottom = PAGE.margin + 24
  const put = (font, size, leading, text, keepWithNext = 0) => {
    if (y - leading * (1 + keepWithNext) < bottom) {
      pages.push([])
      y = PAGE.height - PAGE.margin
    }
    y -= leading
    pages.at(-1).push({ font, size, text, y })
  }
  const gap = (points) => {
    y -= points
  }

  put('F2', 18, 22, 'Ad Console: Advertiser Terms and Conditions')
  put('F1', 10, 16, `Version ${TNC_VERSION}, effective ${EFFECTIVE}`)
  gap(10)
  for (const section of SECTIONS) {
    gap(8)
    put('F2', 12, 16, section.heading, 2)
    for (const paragraph of section.paragraphs) {
      gap(4)
      for (const line of wrap(paragraph, 'F1', 10.5)) put('F1', 10.5, 14, line)
    }
  }
  return pages
}

const escapeText = (text) => text.replace(/[\\()]/g, (c) => `\\${c}`)

function contentStream(lines, pageNumber, pageCount) {
  const ops = ['BT']
  for (const line of lines) {
    ops.push(
      `/${line.font} ${line.size} Tf`,
      `1 0 0 1 ${PAGE.margin} ${line.y.toFixed(2)} Tm`,
      `(${escapeText(line.text)}) Tj`,
    )
  }
  const footer = `Ad Console Advertiser Terms and Conditions, version ${TNC_VERSION} - page ${pageNumber} of ${pageCount}`
  ops.push('/F1 8 Tf', `1 0 0 1 ${PAGE.margin} ${PAGE.margin - 24} Tm`, `(${escapeText(footer)}) Tj`, 'ET')
  return ops.join('\n')
}

function buildPdf() {
  const pages = layout()
  /** @type {string[]} objects by number - 1 */
  const objects = []
  const add = (body) => {
    objects.push(body)
    return objects.length
  }
  const catalog = add('') // filled in once the page tree's number is known
  const info = add(
    `<< /Title (Ad Console: Advertiser Terms and Conditions, version ${TNC_VERSION}) /Author (Ad Console) /Producer (scripts/make-tnc-pdf.mjs) /CreationDate (D:20260101000000+05'30') >>`,
  )
  const fontRefs = Object.entries(FONTS)
    .map(
      ([key, font]) =>
        `/${key} ${add(`<< /Type /Font /Subtype /Type1 /BaseFont /${font.name} /Encoding /WinAnsiEncoding >>`)} 0 R`,
    )
    .join(' ')
  const tree = add('')
  const kids = pages.map((lines, index) => {
    const content = contentStream(lines, index + 1, pages.length)
    const stream = add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`)
    return add(
      `<< /Type /Page /Parent ${tree} 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << ${fontRefs} >> >> /Contents ${stream} 0 R >>`,
    )
  })
  objects[tree - 1] =
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${tree} 0 R >>`

  // The header's second line marks the file as binary for transfer tools (PDF 32000-1 §7.5.2).
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'
  const offsets = objects.map((body, index) => {
    const offset = Buffer.byteLength(out, 'latin1')
    out += `${index + 1} 0 obj\n${body}\nendobj\n`
    return offset
  })
  const xref = Buffer.byteLength(out, 'latin1')
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, 'latin1')
}

const target = fileURLToPath(new URL('../public/tnc.pdf', import.meta.url))
const pdf = buildPdf()
writeFileSync(target, pdf)
console.log(`wrote ${target} (${pdf.length} bytes)`)
