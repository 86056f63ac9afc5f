/** The sandbox's hosted payment page: plain HTML, its one script served beside it. */
import { TYIYN_PER_SOM, type Language } from '@lms/shared/contract';
import { SANDBOX_PAGE, wordsIn } from './messages.js';
import { formatterFor } from '@lms/shared/format';

function escape(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** The amount as the portal writes money in the payer's language (in en '500.00 som'; kg and ru write the som's name in Cyrillic). */
function som(tyiyn: number, lang: Language): string {
  return escape(formatterFor(lang).money(tyiyn / TYIYN_PER_SOM));
}

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:#eef1f6;color:#1d2433}
main{max-width:420px;margin:24px auto;background:#fff;border-radius:8px;padding:20px;box-shadow:0 1px 4px #0002}
h1{font-size:1.3rem;margin:0 0 12px}
.test{background:#fff3cd;color:#664d03;border:1px solid #ffe69c;padding:8px;border-radius:6px;font-size:.9rem}
label{display:block;margin:12px 0 4px;font-weight:600}
input{width:100%;box-sizing:border-box;padding:10px;font-size:1rem;border:1px solid #9aa4b5;border-radius:6px}
button{margin-top:16px;width:100%;padding:12px;font-size:1rem;background:#4967a3;color:#fff;border:0;border-radius:6px;cursor:pointer}
button:disabled{opacity:.6}
.row{display:flex;gap:12px}.row>div{flex:1}
[role=alert]{color:#b00020;margin-top:12px;min-height:1.2em}
.muted{color:#555;font-size:.85rem}
@media (prefers-color-scheme:dark){body{background:#12161f;color:#e6e9ef}main{background:#1c2230}input{background:#12161f;color:#e6e9ef}.muted{color:#aab}}
`;

function layout(lang: Language, body: string): string {
  const t = wordsIn(SANDBOX_PAGE, lang);
  return `<!doctype html><html lang="${lang === 'kg' ? 'ky' : lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(t.title)} · Sandbox</title>
<style>${STYLE}</style></head><body><main>
<p class="test" data-testid="sandbox-test-mode">${escape(t.testMode)}</p>${body}</main>
<script src="/lms/pay-sandbox/sandbox.js"></script></body></html>`;
}

export interface PageCheckout {
  amount: number;
  description: string;
  status: string;
  returnUrl: string;
  expired: boolean;
}

export function checkoutPage(lang: Language, checkout: PageCheckout | null): string {
  const t = wordsIn(SANDBOX_PAGE, lang);
  if (!checkout) return layout(lang, `<h1>${escape(t.notFound)}</h1>`);
  const summary = `<h1>${escape(t.title)}</h1>
<p>${escape(t.purpose)}: <strong>${escape(checkout.description)}</strong><br>
${escape(t.amount)}: <strong data-testid="sandbox-amount">${som(checkout.amount, lang)}</strong></p>`;
  const back = `<p><a href="${escape(checkout.returnUrl)}">${escape(t.back)}</a></p>`;
  if (checkout.expired && (checkout.status === 'open' || checkout.status === 'confirm')) {
    return layout(lang, `${summary}<p role="status">${escape(t.expired)}</p>${back}`);
  }
  if (checkout.status === 'cancelled') {
    return layout(lang, `${summary}<p role="status">${escape(t.cancelled)}</p>${back}`);
  }
  if (checkout.status === 'open') {
    return layout(
      lang,
      `${summary}<form data-action="pay" novalidate>
<label for="card">${escape(t.card)}</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required maxlength="23">
<div class="row"><div><label for="expiry">${escape(t.expiry)}</label><input id="expiry" name="expiry" autocomplete="cc-exp" required maxlength="7" placeholder="12/30"></div>
<div><label for="cvc">${escape(t.cvc)}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="4"></div></div>
<button type="submit">${escape(t.pay)} ${som(checkout.amount, lang)}</button><div role="alert" aria-live="assertive"></div></form>
<p class="muted">${escape(t.cards)}</p><p><a href="${escape(checkout.returnUrl)}">${escape(t.cancel)}</a></p>`,
    );
  }
  if (checkout.status === 'confirm') {
    return layout(
      lang,
      `${summary}<h2>${escape(t.confirmTitle)}</h2><form data-action="confirm" novalidate>
<p class="muted">${escape(t.confirmHint)}</p>
<label for="code">${escape(t.code)}</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required maxlength="6">
<button type="submit">${escape(t.confirm)}</button><div role="alert" aria-live="assertive"></div></form>`,
    );
  }
  const settled = checkout.status === 'paid' ? t.paid : t.declined;
  return layout(lang, `${summary}<p role="status">${escape(settled)}</p>${back}`);
}

/** Posts the form as JSON with the XSRF header, then follows the answer. */
export const PAGE_SCRIPT = `(() => {
  const form = document.querySelector('form[data-action]');
  if (!form) return;
  const alertBox = form.querySelector('[role=alert]');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button');
    button.disabled = true;
    alertBox.textContent = '';
    const xsrf = (document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/) || [])[1] || '';
    const body = Object.fromEntries(new FormData(form).entries());
    try {
      const response = await fetch(location.pathname + '/' + form.dataset.action, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': decodeURIComponent(xsrf) },
        body: JSON.stringify(body),
        credentials: 'same-origin',
      });
      const answer = await response.json();
      if (answer.redirect) location.assign(answer.redirect);
      else if (answer.next) location.reload();
      else { alertBox.textContent = answer.error || response.statusText; button.disabled = false; }
    } catch (error) {
      alertBox.textContent = String(error);
      button.disabled = false;
    }
  });
})();
`;
