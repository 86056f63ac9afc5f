import { useId, useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CHAT_MAX_FILES,
  CHAT_MESSAGE_MAX_LENGTH,
  classifyError,
  FileInput,
  formatSize,
  usePortalConfig,
  notifyFailure,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import styles from './Conversation.module.css';

interface Props {
  /** The form, for the conversation's fit to a phone's screen. */
  formRef?: Ref<HTMLFormElement>;
  onSend(
    text: string,
    files: readonly File[],
    onProgress: (percent: number) => void,
  ): Promise<unknown>;
}

/** Text and files, with the size limit checked before sending and real upload progress. */
export function Composer({ formRef, onSend }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [filesValid, setFilesValid] = useState(true);
  const [progress, setProgress] = useState<number | null>(null);
  // The server's refusal (413) when the limit was not known here.
  const [refused, setRefused] = useState(false);
  const ids = { text: useId() };
  const limit = usePortalConfig().data?.uploadLimitBytes ?? null;

  const sending = progress !== null;
  const canSend = !sending && filesValid && (text.trim() !== '' || files.length > 0);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    setRefused(false);
    setProgress(0);
    try {
      await onSend(text.trim(), files, setProgress);
      setText('');
      setFiles([]);
    } catch (error) {
      if (classifyError(error).status === 413) setRefused(true);
      else notifyFailure(error, (message) => t('sendFailed', { message }));
    } finally {
      setProgress(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  // The text first, then the paperclip and Send: on a phone the text takes the whole width and
  // the buttons a row under it, in the order a keyboard reaches them.
  return (
    <form ref={formRef} className={styles.composer} onSubmit={(event) => void submit(event)}>
      <textarea
        id={ids.text}
        className={styles.input}
        rows={1}
        value={text}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        aria-label={t('messageLabel')}
        placeholder={t('messagePlaceholder')}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <FileInput
        compact
        className={styles.attachments}
        label={t('attach')}
        files={files}
        onChange={(next) => {
          setFiles(next);
          setRefused(false);
        }}
        limitBytes={limit}
        maxFiles={CHAT_MAX_FILES}
        progress={progress}
        disabled={sending}
        onValidityChange={setFilesValid}
        error={refused && limit !== null ? t('tooBig', { size: formatSize(limit) }) : undefined}
      />
      <button type="submit" className={styles.send} disabled={!canSend}>
        {sending ? t('sending') : t('send')}
      </button>
    </form>
  );
}
