import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The PDF's text, page by page; the names of its fonts (their dictionaries' BaseFont, which
 * pdf.js no longer answers); and, for each font its pages use, whether pdf.js found it embedded.
 */
export async function readPdf(bytes: Buffer) {
  const loading = getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  });
  const document = await loading.promise;
  const texts: string[] = [];
  const fonts = [...bytes.toString('latin1').matchAll(/\/BaseFont \/([\w+-]+)/g)].map(
    (match) => match[1] ?? '',
  );
  const embedded: boolean[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    const operators = await page.getOperatorList();
    const ids = new Set<string>();
    operators.fnArray.forEach((fn, index) => {
      // setFont's first argument names the font in the page's common objects.
      if (fn === 37) {
        ids.add(String((operators.argsArray[index] as unknown[])[0]));
      }
    });
    for (const id of ids) {
      const font = page.commonObjs.get(id) as { missingFile: boolean };
      embedded.push(!font.missingFile);
    }
  }
  await loading.destroy();
  return { pages: document.numPages, text: texts.join('\n'), fonts, embedded };
}
