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
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const portal = registrations.find((r) => /\/lms\/?$/.test(r.scopeURL) && !r.isDeleted);
      if (portal) resolve(portal.registrationId);
    });
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
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId,
    data: JSON.stringify(payload),
  });
  await expect
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
