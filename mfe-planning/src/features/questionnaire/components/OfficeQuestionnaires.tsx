import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  DataTable,
  ErrorState,
  Loading,
  useFormat,
  type QuestionnaireSummary,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useQuestionnaires } from '../api/questionnaires';
import { OpenForm } from './OpenForm';
import { QuestionnaireRates } from './QuestionnaireRates';
import styles from './Questionnaire.module.css';

const percent = (answered: number, expected: number) =>
  expected > 0 ? Math.round((answered / expected) * 100) : 0;

/** The quality office: every questionnaire, opening a draft, and the rates of an opened one. */
export function OfficeQuestionnaires() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const format = useFormat();
  const list = useQuestionnaires(i18n.language);
  const [chosen, setChosen] = useState<{ id: number; mode: 'open' | 'rates' } | null>(null);
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) return <Loading />;
  const selected = list.data.find((q) => q.id === chosen?.id);
  const dates = (q: QuestionnaireSummary) =>
    q.opensOn && q.closesOn ? `${format.date(q.opensOn)} – ${format.date(q.closesOn)}` : '—';
  return (
    <div className={styles.screen}>
      <DataTable
        caption={t('office.listCaption')}
        rows={list.data}
        rowKey={(q) => q.id}
        emptyMessage={t('office.none')}
        columns={[
          { key: 'title', header: t('office.title'), render: (q) => q.title, rowHeader: true },
          { key: 'status', header: t('office.status'), render: (q) => t(`status.${q.status}`) },
          { key: 'dates', header: t('office.dates'), render: dates },
          {
            key: 'rate',
            header: t('office.rate'),
            render: (q) =>
              q.status === 'draft'
                ? '—'
                : t('office.rateValue', {
                    answered: q.answered,
                    expected: q.expected,
                    percent: percent(q.answered, q.expected),
                  }),
          },
          {
            key: 'action',
            header: t('office.action'),
            render: (q) =>
              q.status === 'draft' ? (
                <Button
                  variant="primary"
                  aria-label={t('office.openFor', { title: q.title })}
                  onClick={() => setChosen({ id: q.id, mode: 'open' })}
                >
                  {t('office.open')}
                </Button>
              ) : (
                <Button
                  aria-label={t('office.ratesFor', { title: q.title })}
                  onClick={() => setChosen({ id: q.id, mode: 'rates' })}
                >
                  {t('office.rates')}
                </Button>
              ),
          },
        ]}
      />
      {selected && chosen?.mode === 'open' && selected.status === 'draft' && (
        <OpenForm questionnaire={selected} onClose={() => setChosen(null)} />
      )}
      {selected && chosen?.mode === 'rates' && <QuestionnaireRates questionnaire={selected} />}
    </div>
  );
}
