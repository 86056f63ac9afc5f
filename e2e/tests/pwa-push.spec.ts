import { expect, test } from '@playwright/test';
import { STUDENT, loginAs } from '../support/portal';

// A push message reaching the portal's service worker (shell/src/sw) with the page in the
// background: what the server sends (api/src/areas/push, proved end to end with a test push
// service in api/test/push.test.ts) is shown as a notification that opens its route. The
// message is delivered with the DevTools protocol, as the browser's push service would.
test.use({ serviceWorkers: 'allow' });

test('a push message is shown as the notification of its route, and a tap opens it', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  await loginAs(page, STUDENT);
  const cdp = await context.newCDPSession(page);
  // What the browser reported of the worker, for a failure's account (the "worker-log").
  const started = Date.now();
  const events: string[] = [];
  const note = (line: string) => events.push(`${Date.now() - started} ms ${line}`);
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      for (const r of registrations) {
        note(`registration ${r.registrationId} ${r.scopeURL}${r.isDeleted ? ' deleted' : ''}`);
      }
      const portal = registrations.find((r) => /\/lms\/?$/.test(r.scopeURL) && !r.isDeleted);
      if (portal) resolve(portal.registrationId);
    });
  });
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const v of versions) {
      note(`version ${v.versionId} of ${v.registrationId}: ${v.status}, ${v.runningStatus}`);
    }
  });
  cdp.on('ServiceWorker.workerErrorReported', ({ errorMessage }) => {
    note(
      `worker error: ${errorMessage.errorMessage} at ${errorMessage.sourceURL}:${errorMessage.lineNumber}`,
    );
  });
  await cdp.send('ServiceWorker.enable');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const registrationId = await registered;

  const payload = {
    kind: 'orders',
    title: 'Заказ документа',
    body: 'Ваш документ готовится',
    url: '/lms/singlewindow',
    tag: 'order-1',
  };
  note(`push delivered to ${registrationId}`);
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId,
    data: JSON.stringify(payload),
  });
  const shown = expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data as unknown,
        }));
      }),
    )
    .toEqual([
      {
        title: payload.title,
        body: payload.body,
        tag: payload.tag,
        data: { url: payload.url },
      },
    ]);
  await shown.catch(async (error: unknown) => {
    // Not shown: whether the page and its worker may show notifications at all, and whether a
    // notification the worker shows itself appears (the push's path or the display's).
    note(`page: permission ${await page.evaluate(() => Notification.permission)}`);
    const worker = context.serviceWorkers().find((w) => /\/sw\.js$/.test(w.url()));
    note(`worker ${worker ? worker.url() : 'not found by Playwright'}`);
    if (worker) {
      note(
        await worker
          .evaluate(async () => {
            const scope = self as unknown as { registration: ServiceWorkerRegistration };
            const before = (await scope.registration.getNotifications()).length;
            const own = await scope.registration.showNotification('probe', { tag: 'probe' }).then(
              () => 'shown',
              (reason: unknown) => `refused: ${String(reason)}`,
            );
            const after = (await scope.registration.getNotifications()).length;
            return `worker: ${before} shown before, its own notification ${own}, ${after} after`;
          })
          .catch((reason: unknown) => `worker not reachable: ${String(reason)}`),
      );
    }
    await test.info().attach('worker-log', { body: events.join('\n'), contentType: 'text/plain' });
    throw error;
  });

  // A tap: the worker's notificationclick (dispatched in the worker, as the browser would on a
  // click) takes the portal's open tab to the notification's route.
  const worker = context.serviceWorkers().find((w) => /\/sw\.js$/.test(w.url()));
  expect(worker, 'the portal service worker').toBeDefined();
  await worker!.evaluate(async () => {
    // The worker's scope (its types are not in the tests' DOM library).
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
      NotificationEvent: new (type: string, init: { notification?: Notification }) => Event;
    };
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  });
  await expect(page).toHaveURL(/\/lms\/singlewindow$/);
  await expect(page.getByRole('heading', { name: 'Единое окно' })).toBeVisible();
});
