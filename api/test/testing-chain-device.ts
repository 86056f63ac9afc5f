// A device's hash chain of an attempt as the browser keeps it (mfe-testing's outbox/chain.ts),
// computed here with node:crypto over the shared canonical encoding: the API tests' device.
import { createHash } from 'node:crypto';
import {
  chainGenesisText,
  chainLinkText,
  type TestingAnswerValue,
  type TestingChainLink,
} from '@lms/shared/contract';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export interface DeviceAnswer {
  questionId: number;
  version: number;
  response: TestingAnswerValue;
  recordedAt: number;
}

/** One device's chain of one attempt: each `record` is the next link. */
export function chainDevice(attemptId: number, device: string) {
  let head = sha256(chainGenesisText(attemptId, device));
  let seq = 0;
  return {
    record(answer: DeviceAnswer): DeviceAnswer & { chain: TestingChainLink } {
      seq += 1;
      head = sha256(
        chainLinkText(head, {
          attemptId,
          questionId: answer.questionId,
          seq,
          recordedAt: answer.recordedAt,
          version: answer.version,
          response: answer.response,
        }),
      );
      return { ...answer, chain: { device, seq, recordedAt: answer.recordedAt, digest: head } };
    },
  };
}
