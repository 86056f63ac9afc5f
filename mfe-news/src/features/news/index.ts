// The news feed (spec §2 News, §4): what the exposed modules render.
export { NewsFeed, type NewsFeedProps } from './components/NewsFeed';
