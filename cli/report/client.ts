/// <reference lib="dom" />
/**
 * The report page's script, run in the browser (page.ts inlines it as the source text of
 * `reportClient`, so the function must not refer to anything outside itself). It reads the data
 * the page embeds (`#report-data`) and makes the page interactive:
 *
 * - each counterexample (or lasso run) is a stepper: first / previous / next / last buttons and a
 *   step field; the current step's values fill the table (changed ones marked, in words too, for
 *   screen readers), the edge taken is highlighted in the drawing and its lines in the source, the
 *   location is marked in the drawing, and the waveform's cursor moves to the cycle;
 * - the invariant's table can be searched, and a location's button marks it in the drawing;
 * - printing opens every collapsed section.
 *
 * Only buttons and form fields take input, so the keyboard and screen readers work as usual; the
 * step status is a polite live region.
 */
export function reportClient(): void {
  interface Step {
    readonly location?: string;
    readonly values: readonly string[];
    readonly changed: readonly number[];
    readonly action?: { readonly label: string; readonly element?: string; readonly lines?: { first: number; last: number } };
  }
  interface Stepper {
    readonly id: string;
    readonly columns: readonly string[];
    readonly steps: readonly Step[];
    readonly loopStart?: number;
  }
  interface Data {
    readonly steppers: readonly Stepper[];
    /** Drawing element of each location, by name. */
    readonly locations: Readonly<Record<string, string>>;
    /** Elements of the drawing marked for good: constrained locations, ranked heads, a lasso's cycle. */
    readonly marks: readonly { readonly element: string; readonly mark: string }[];
  }

  const data = JSON.parse(document.getElementById('report-data')!.textContent!) as Data;
  const drawing = document.getElementById('drawing');
  const source = document.getElementById('source');

  const clearMarks = (cls: string) => {
    for (const e of Array.from(document.querySelectorAll(`.${cls}`))) e.classList.remove(cls);
  };
  const element = (id: string | undefined) => (id && drawing ? drawing.querySelector(`[id="${id}"]`) : null);
  for (const m of data.marks) element(m.element)?.classList.add(m.mark);

  /** Marks the source's lines and scrolls the source box (not the page) to them. */
  const markLines = (lines: { first: number; last: number } | undefined) => {
    if (!source) return;
    clearMarks('current-line');
    if (!lines) return;
    const code = source.firstElementChild!;
    let first: HTMLElement | null = null;
    for (let n = lines.first; n <= lines.last; n++) {
      const line = code.children[n - 1] as HTMLElement | undefined;
      line?.classList.add('current-line');
      first ??= line ?? null;
    }
    if (first && (first.offsetTop < source.scrollTop || first.offsetTop > source.scrollTop + source.clientHeight - 40)) {
      source.scrollTop = Math.max(0, first.offsetTop - source.clientHeight / 3);
    }
  };

  /** Scrolls the drawing's box (not the page) so that the element is in its middle, if it is out of sight. */
  const centre = (e: Element) => {
    const box = drawing!.getBoundingClientRect();
    const r = e.getBoundingClientRect();
    if (r.top >= box.top && r.bottom <= box.bottom && r.left >= box.left && r.right <= box.right) return;
    drawing!.scrollTop += r.top + r.height / 2 - (box.top + box.height / 2);
    drawing!.scrollLeft += r.left + r.width / 2 - (box.left + box.width / 2);
  };

  const setUp = (s: Stepper) => {
    const root = document.getElementById(s.id)!;
    const field = root.querySelector<HTMLInputElement>('input.step-field')!;
    const status = root.querySelector<HTMLElement>('.step-status')!;
    const body = root.querySelector<HTMLTableSectionElement>('table.step-values tbody')!;
    const onlyChanged = root.querySelector<HTMLInputElement>('input.only-changed');
    const cursor = root.querySelector<SVGRectElement>('.wave-cursor');
    const wave = root.querySelector<SVGSVGElement>('svg.waveform');
    const last = s.steps.length - 1;
    let at = 0;
    // the first drawing of step 0 leaves the page where it opened
    let started = false;

    const show = (i: number) => {
      at = Math.max(0, Math.min(last, i));
      const step = s.steps[at]!;
      const changed = new Set(step.changed);
      field.value = String(at);
      for (const b of Array.from(root.querySelectorAll<HTMLButtonElement>('button[data-go]'))) {
        const go = b.dataset.go;
        b.disabled = (go === 'first' || go === 'prev') ? at === 0 : at === last;
      }
      const where = step.location ? ` at ${step.location}` : '';
      const inLoop = s.loopStart !== undefined && at >= s.loopStart ? ' (in the loop)' : '';
      const next = step.action ? `; next: ${step.action.label}` : '; the last step';
      status.textContent = `Step ${at} of ${last}${where}${inLoop}${next}. ${changed.size} value${changed.size === 1 ? '' : 's'} changed.`;
      const rows: string[] = [];
      s.columns.forEach((name, k) => {
        const isChanged = changed.has(k);
        if (onlyChanged?.checked && at > 0 && !isChanged) return;
        const value = step.values[k]!.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
        const cell = isChanged ? `<mark>${value}</mark><span class="sr-only"> (changed)</span>` : value;
        rows.push(`<tr${isChanged ? ' class="changed"' : ''}><th scope="row">${name.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)}</th><td class="mono">${cell}</td></tr>`);
      });
      body.innerHTML = rows.join('');
      if (drawing) {
        clearMarks('current');
        clearMarks('current-loc');
        const edge = element(step.action?.element);
        edge?.classList.add('current');
        element(step.location === undefined ? undefined : data.locations[step.location])?.classList.add('current-loc');
        if (edge && started) centre(edge);
      }
      markLines(step.action?.lines);
      if (cursor && wave) cursor.setAttribute('x', String(Number(wave.dataset.labelWidth) + Number(wave.dataset.cycleWidth) * at));
      root.dataset.step = String(at);
      started = true;
    };

    root.addEventListener('click', (e) => {
      const b = (e.target as HTMLElement).closest<HTMLButtonElement>('button[data-go]');
      if (!b) return;
      const go = b.dataset.go;
      show(go === 'first' ? 0 : go === 'prev' ? at - 1 : go === 'next' ? at + 1 : last);
    });
    field.addEventListener('change', () => {
      const n = Number(field.value);
      if (Number.isInteger(n)) show(n);
    });
    onlyChanged?.addEventListener('change', () => show(at));
    show(0);
  };
  data.steppers.forEach(setUp);

  for (const search of Array.from(document.querySelectorAll<HTMLInputElement>('input.invariant-search'))) {
    const table = document.getElementById(search.dataset.table!)!;
    const count = document.getElementById(`${search.dataset.table}-count`)!;
    search.addEventListener('input', () => {
      const q = search.value.trim().toLowerCase();
      const rows = Array.from(table.querySelectorAll<HTMLTableRowElement>('tbody tr'));
      let shown = 0;
      for (const r of rows) {
        const hit = q === '' || (r.textContent ?? '').toLowerCase().includes(q);
        r.hidden = !hit;
        if (hit) shown++;
      }
      count.textContent = `${shown} of ${rows.length} shown`;
    });
  }

  document.addEventListener('click', (e) => {
    const b = (e.target as HTMLElement).closest<HTMLButtonElement>('button.locate');
    if (!b) return;
    clearMarks('located');
    const located = element(b.dataset.element);
    located?.classList.add('located');
    if (located) centre(located);
  });

  const closed: HTMLDetailsElement[] = [];
  window.addEventListener('beforeprint', () => {
    for (const d of Array.from(document.querySelectorAll('details'))) if (!d.open) { d.open = true; closed.push(d); }
  });
  window.addEventListener('afterprint', () => {
    for (const d of closed.splice(0)) d.open = false;
  });
}
