export {
  forgetFrame,
  frameHeading,
  frameName,
  framePending,
  writtenFrame,
  type FrameHeading,
} from './frame';
export { FRAME_ID, FRAME_MARKS } from './marks';
export { useFramePlaceholder } from './FramePlaceholder';
