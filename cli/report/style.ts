/**
 * The look shared by Vigil's HTML pages, the report of a check (`vigil check --report`) and the
 * benchmark report (`vigil report`): one stylesheet and the document around a page's body. The
 * styles are inlined, the fonts are the system's, and the colours keep their meaning in print and
 * for people who do not tell red from green (verdicts are words first, colours second).
 */

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const STYLE = `
:root{--fg:#1b1f24;--muted:#57606a;--line:#d0d7de;--bg:#fff;--panel:#f6f8fa;--accent:#0a5bd3;--bad:#b3261e;--good:#1a7f37;--warn:#8a5a00;--hl:#fff3b0}
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 'DejaVu Sans',system-ui,sans-serif;color:var(--fg);background:var(--bg)}
header.page{padding:1em 1.5em;border-bottom:1px solid var(--line);background:var(--panel)}
header.page h1{margin:0 0 .2em;font-size:1.35em;word-break:break-all}
header.page p{margin:.2em 0;color:var(--muted)}
main{padding:0 1.5em 2em}
h2{font-size:1.15em;margin:1.4em 0 .5em;border-bottom:1px solid var(--line);padding-bottom:.2em}
h3{font-size:1em;margin:1.1em 0 .4em}
a{color:var(--accent)}
code,pre,.mono{font-family:'DejaVu Sans Mono',ui-monospace,monospace;font-size:.9em}
table{border-collapse:collapse;margin:.4em 0}
th,td{border:1px solid var(--line);padding:.2em .55em;text-align:left;vertical-align:top}
th{background:var(--panel);font-weight:600}
td.num,th.num{text-align:right}
.verdict{font-weight:700;letter-spacing:.02em}
.verdict.safe,.verdict.terminating,.verdict.correct{color:var(--good)}
.verdict.unsafe,.verdict.nonterminating,.verdict.wrong{color:var(--bad)}
.verdict.unknown,.verdict.timeout,.verdict.memout,.verdict.error{color:var(--warn)}
.muted{color:var(--muted)}
button,input,select{font:inherit}
button{padding:.25em .8em;border:1px solid var(--line);border-radius:4px;background:var(--panel);color:var(--fg);cursor:pointer}
button:hover:not(:disabled){border-color:var(--accent)}
button:disabled{opacity:.45;cursor:default}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.15em 1em;margin:.5em 0}
dl.facts dt{color:var(--muted)}dl.facts dd{margin:0}
`;

/** A whole HTML document. `csp`: the page may load nothing at all (the check's report), not even from disk. */
export function htmlPage(o: { readonly title: string; readonly style?: string; readonly body: string; readonly script?: string; readonly csp?: boolean }): string {
  const csp = o.csp
    ? `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">\n`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
${csp}<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(o.title)}</title>
<style>${STYLE}${o.style ?? ''}</style></head>
<body>
${o.body}
${o.script ? `<script>${o.script}</script>\n` : ''}</body></html>
`;
}
