export { ProfileMenu } from './components/ProfileMenu';
export { ProfilePage } from './components/ProfilePage';
export { Avatar } from './components/Avatar';
export { profileSummaryAtom, useProfileSummary, type ProfileSummary } from './summary';
