/** A page without the console's build: a title, a heading and one sentence (the 503 answers). */
export const plainPage = (title: string, heading: string, sentence: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title></head>
<body style="font-family: system-ui, sans-serif; margin: 2rem; line-height: 1.5">
<main><h1>${heading}</h1>
<p>${sentence}</p></main>
</body>
</html>
`
