import type { PortalModule, RemoteRegistry } from '@lms/shared';
import { lmsStore } from '@lms/shared';
import { remoteRegistryAtom } from '../features/remotes';

const both: PortalModule['roles'] = ['teacher', 'student'];

/** Modules as the portal's registry describes them (a part of the six remotes). */
export const MODULES: PortalModule[] = [
  {
    key: 'journal',
    remote: 'journal',
    module: './App',
    routes: ['journal'],
    labels: { kg: 'Сабактардын журналы', ru: 'Журнал занятий', en: 'Journal of lessons' },
    roles: both,
    tile: { icon: 'journal' },
  },
  {
    key: 'umk',
    remote: 'library',
    module: './App',
    routes: ['umk'],
    labels: { kg: 'ОУК', ru: 'УМК', en: 'UMK' },
    roles: both,
    tile: { icon: 'materials' },
  },
  {
    key: 'singlewindow',
    remote: 'finance',
    module: './App',
    routes: ['singlewindow'],
    labels: { kg: 'Маалымкат буйрутмалоо', ru: 'Заказ справок', en: 'Certificate requests' },
    roles: ['student', 'registrar'],
    tile: { icon: 'certificate' },
  },
  {
    key: 'news',
    remote: 'news',
    module: './App',
    routes: ['news'],
    labels: { kg: 'Жаңылыктар', ru: 'Новости', en: 'News' },
    roles: both,
    tile: { icon: 'news' },
    menu: { labels: { kg: 'Жаңылыктар', ru: 'Новости', en: 'News' } },
    panes: { home: './Feed' },
  },
  {
    key: 'chat',
    remote: 'chat',
    module: './App',
    routes: ['chat'],
    labels: { kg: 'Чат', ru: 'Чат', en: 'Chat' },
    roles: both,
    tile: { icon: 'chat' },
    menu: { labels: { kg: 'Билдирүүлөр', ru: 'Сообщения', en: 'Messages' } },
    panes: { disciplines: './DisciplineList', contacts: './ContactList', badge: './UnreadBadge' },
  },
];

export const REGISTRY: RemoteRegistry = {
  remotes: {
    news: '/lms/public/news/mf-manifest.json',
    chat: '/lms/public/chat/mf-manifest.json',
    journal: '/lms/public/journal/mf-manifest.json',
    library: '/lms/public/library/mf-manifest.json',
    finance: 'https://finance.example.edu/mf-manifest.json',
  },
  modules: MODULES,
};

/** Puts a registry in the store as if /lms/remotes.json had answered it. */
export function setRegistry(registry: RemoteRegistry = REGISTRY): void {
  lmsStore.set(remoteRegistryAtom, { status: 'ready', registry });
}
