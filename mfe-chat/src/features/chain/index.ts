// The filter chain (spec §4): what the other chat features may use.
export { DisciplineList } from './components/DisciplineList';
export {
  currentContactAtom,
  leaveConversation,
  openContact,
  resetSelection,
  selectGroup,
  selectionAtom,
  selectSemester,
  selectSubgroup,
  useCurrentContact,
} from './selection';
export type { Chain, Contact, CurrentContact } from './types';
export { useChain, type ChainView } from './api/useChain';
