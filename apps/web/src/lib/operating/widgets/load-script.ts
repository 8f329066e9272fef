/** Adds a third-party script once; resolves when it ran, rejects when it could not load (blocked, offline). */
export function loadScript(src: string, page: Document = document): Promise<void> {
  const existing = page.querySelector<HTMLScriptElement>(`script[data-integration="${CSS.escape(src)}"]`);
  if (existing) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = page.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.integration = src;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error(`could not load ${new URL(src).origin}`)));
    page.head.append(script);
  });
}
