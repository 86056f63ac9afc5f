import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  useVisuallyHidden,
  type AttemptQuestion,
  type TestingAnswerValue,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { moved } from '../countdown';
import styles from './Take.module.css';

interface Props {
  question: AttemptQuestion;
  value: TestingAnswerValue | undefined;
  onChange: (value: TestingAnswerValue, settle?: 'now' | 'typing') => void;
  disabled: boolean;
}

/**
 * The input of one question, by kind. Every kind works from the keyboard: choices are native
 * radios and checkboxes, matching is one select per item, ordering moves items with buttons.
 */
export function QuestionInput({ question, value, onChange, disabled }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const hidden = useVisuallyHidden();
  switch (question.kind) {
    case 'single':
    case 'multiple': {
      const chosen = value?.choice ?? [];
      const multiple = question.kind === 'multiple';
      return (
        <div className={styles.choices}>
          {question.options.map((option) => (
            <label key={option.id} className={styles.choice}>
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={id}
                checked={chosen.includes(option.id)}
                disabled={disabled}
                onChange={(event) => {
                  const next = multiple
                    ? event.target.checked
                      ? [...chosen, option.id]
                      : chosen.filter((c) => c !== option.id)
                    : [option.id];
                  onChange({ choice: next });
                }}
              />
              <span>{option.text}</span>
            </label>
          ))}
        </div>
      );
    }
    case 'truefalse':
      return (
        <div className={styles.choices}>
          {[true, false].map((truth) => (
            <label key={String(truth)} className={styles.choice}>
              <input
                type="radio"
                name={id}
                checked={value?.truth === truth}
                disabled={disabled}
                onChange={() => onChange({ truth })}
              />
              <span>{t(truth ? 'true' : 'false')}</span>
            </label>
          ))}
        </div>
      );
    case 'short':
    case 'numeric':
      return (
        <label className={styles.field}>
          <span>{t('yourAnswer')}</span>
          <input
            className="lms-ui-input"
            inputMode={question.kind === 'numeric' ? 'decimal' : 'text'}
            defaultValue={
              question.kind === 'numeric'
                ? value?.value === undefined
                  ? ''
                  : String(value.value)
                : (value?.text ?? '')
            }
            disabled={disabled}
            onChange={(event) => {
              const typed = event.target.value;
              if (question.kind === 'short') return onChange({ text: typed }, 'typing');
              const number = Number(typed.replace(',', '.').trim());
              if (typed.trim() !== '' && Number.isFinite(number)) {
                onChange({ value: number }, 'typing');
              }
            }}
          />
        </label>
      );
    case 'essay':
      return (
        <label className={styles.field}>
          <span>{t('yourAnswer')}</span>
          <textarea
            className="lms-ui-input"
            rows={6}
            defaultValue={value?.text ?? ''}
            disabled={disabled}
            onChange={(event) => onChange({ text: event.target.value }, 'typing')}
          />
        </label>
      );
    case 'matching': {
      const pairs = value?.pairs ?? [];
      return (
        <div className={styles.choices}>
          {question.options.map((left) => (
            <label key={left.id} className={styles.field}>
              <span>{left.text}</span>
              <select
                className="lms-ui-input lms-ui-select"
                value={pairs.find((pair) => pair.left === left.id)?.right ?? ''}
                disabled={disabled}
                onChange={(event) =>
                  onChange({
                    pairs: [
                      ...pairs.filter((pair) => pair.left !== left.id),
                      ...(event.target.value ? [{ left: left.id, right: event.target.value }] : []),
                    ],
                  })
                }
              >
                <option value="">{t('chooseMatch')}</option>
                {question.choices.map((choice) => (
                  <option key={choice.id} value={choice.id}>
                    {choice.text}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      );
    }
    case 'ordering': {
      const order = value?.order ?? question.options.map((option) => option.id);
      const textOf = (itemId: string) =>
        question.options.find((option) => option.id === itemId)?.text ?? '';
      return (
        <ol className={styles.ordering}>
          {order.map((itemId, index) => (
            <li key={itemId}>
              <span className={styles.item}>{textOf(itemId)}</span>
              <Button
                disabled={disabled || index === 0}
                onClick={() => onChange({ order: moved(order, index, -1) })}
              >
                {t('moveUp')}
                <span className={hidden}>: {textOf(itemId)}</span>
              </Button>
              <Button
                disabled={disabled || index === order.length - 1}
                onClick={() => onChange({ order: moved(order, index, 1) })}
              >
                {t('moveDown')}
                <span className={hidden}>: {textOf(itemId)}</span>
              </Button>
            </li>
          ))}
        </ol>
      );
    }
  }
}
