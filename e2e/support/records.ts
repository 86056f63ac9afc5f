import type { Page } from '@playwright/test';

/** The academic record remote's screen in the portal's content pane. */
export const records = (page: Page) => page.getByRole('main').locator('[data-remote="records"]');
