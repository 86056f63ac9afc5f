// Test support of the news remote's suites: the news API as the feed sees it.
import type { InternalAxiosRequestConfig } from 'axios';
import { http, MISC_API, NEWS_API, type EndpointAddress, type NewsItem } from '@lms/shared';
import {
  envelope,
  failed,
  stubNetwork,
  type Reply,
  type StubbedNetwork,
} from '@lms/shared/testing';

/** A news item as the API answers it; `overrides` change what the test is about. */
export function newsItem(id: number, overrides: Partial<NewsItem> = {}): NewsItem {
  return {
    id_eventMessage: id,
    'p23-1': 'Преподаватель|Асанов Бакыт Маратович',
    authorRole: 1,
    message: `Новость ${id}`,
    fileName: '',
    created: new Date(Date.UTC(2026, 0, 1, 9, 0) + id * 3_600_000).toISOString(),
    audience: 'all',
    id_faculty: null,
    canEdit: false,
    ...overrides,
  };
}

/** The server of these tests: pages of `items` (newest first), 10 per page, plus the writes. */
export class FakeServer {
  items: NewsItem[] = [];
  limit = 20 * 1024 * 1024;
  failData = false;
  network!: StubbedNetwork;

  install() {
    this.network = stubNetwork(http, (config) => this.handle(config));
  }

  calls(endpoint: EndpointAddress): InternalAxiosRequestConfig[] {
    return this.network.requests.filter((config) => config.url === endpoint.path);
  }

  private handle(config: InternalAxiosRequestConfig): Reply {
    const body =
      typeof config.data === 'string' ? (JSON.parse(config.data) as Record<string, unknown>) : {};
    switch (config.url) {
      case '/config.json':
        return { status: 200, data: { uploadLimitBytes: this.limit } };
      case MISC_API.registeredFaculties.path:
        return {
          status: 200,
          data: envelope([
            { id_faculty: 1, name: 'Факультет информационных технологий' },
            { id_faculty: 2, name: 'Экономический факультет' },
          ]),
        };
      case NEWS_API.page.path: {
        if (this.failData) return { status: 500, data: failed('Внутренняя ошибка сервера') };
        const page = Number(body.page);
        const sorted = [...this.items].sort((a, b) => b.id_eventMessage - a.id_eventMessage);
        return {
          status: 200,
          data: envelope({
            items: sorted.slice((page - 1) * 10, page * 10),
            page,
            pageSize: 10,
            hasMore: sorted.length > page * 10,
          }),
        };
      }
      case NEWS_API.insert.path: {
        const form = config.data as FormData;
        // What the browser reports while the body goes out.
        config.onUploadProgress?.({ loaded: 50, total: 100, bytes: 50, lengthComputable: true });
        const files = form.getAll('files') as File[];
        const item = newsItem(this.items.length + 100, {
          message: String(form.get('message')),
          audience: form.get('audience') as NewsItem['audience'],
          fileName: files.map((file) => file.name).join(';!;'),
          canEdit: true,
        });
        this.items.push(item);
        return { status: 200, data: envelope(item) };
      }
      case NEWS_API.remove.path:
        this.items = this.items.filter((item) => item.id_eventMessage !== body.id);
        return { status: 200, data: envelope({ id: body.id }) };
      case NEWS_API.update.path: {
        const item = this.items.find((each) => each.id_eventMessage === body.id);
        if (!item) return { status: 404, data: failed('Не найдено') };
        item.message = String(body.message);
        return { status: 200, data: envelope(item) };
      }
      default:
        return { status: 404, data: failed('Не найдено') };
    }
  }
}
