import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  Button,
  ChoiceSelect,
  EmptyState,
  ErrorState,
  Loading,
  useCurrentTerm,
  useSession,
  type PaymentCodeBody,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useGroups, usePaymentCode, useServices, useYears } from '../api/payments';
import { localName } from '../../../lib/localName';
import { useSom } from '../useSom';
import { CardPayment } from './CardPayment';
import { CHOICE_PARAMS, choiceFrom, withChoice, type ChoiceParam } from '../choiceParams';
import { PaymentQr } from './PaymentQr';
import styles from './PaymentScreen.module.css';

const sameRequest = (a: PaymentCodeBody | null, b: PaymentCodeBody | null) =>
  a !== null &&
  b !== null &&
  a.id_year === b.id_year &&
  a.id_group === b.id_group &&
  a.id_uslug === b.id_uslug &&
  a.id_student === b.id_student;

/** Service, year and group → the payment code, the amount due, the QR and card payment. */
export function PaymentCodeForm() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const som = useSom();
  const { user } = useSession();
  const services = useServices();
  const years = useYears();
  const { year: currentYear } = useCurrentTerm();
  // The choice lives in the address (?service=&year=&group=): it survives a reload and the
  // return from the card payment page, whose return address carries it back.
  const [params, setParams] = useSearchParams();
  const serviceId = choiceFrom(params, CHOICE_PARAMS.service);
  const yearId = choiceFrom(params, CHOICE_PARAMS.year);
  const groupId = choiceFrom(params, CHOICE_PARAMS.group);
  const choose = (changes: Partial<Record<ChoiceParam, number | null>>) =>
    setParams((current) => withChoice(current, changes), { replace: true });
  const [requested, setRequested] = useState<PaymentCodeBody | null>(null);

  const service = services.data?.find((s) => s.id_uslug === serviceId) ?? services.data?.[0];
  const year =
    years.data?.find((y) => y.id_a_year === yearId) ??
    years.data?.find((y) => y.id_a_year === currentYear.data?.id_a_year) ??
    years.data?.[0];
  const groups = useGroups(
    user && year ? { id_a_year: year.id_a_year, id_student: user.id } : undefined,
  );
  const group = groups.data?.find((g) => g.id_group === groupId) ?? groups.data?.[0];
  const choice: PaymentCodeBody | null =
    user && service && year && group
      ? {
          id_year: year.id_a_year,
          id_group: group.id_group,
          id_student: user.id,
          id_uslug: service.id_uslug,
        }
      : null;
  // Back from the card payment page (?payment=), the code of the choice it was paid under is
  // shown again at once, with what is still due.
  const returned = params.has('payment') && serviceId !== null && choice?.id_uslug === serviceId;
  const shown = sameRequest(requested, choice) ? requested : returned ? choice : null;
  const code = usePaymentCode(shown ?? undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice) setRequested(choice);
  };

  return (
    <div className={`${styles.block} ${styles.codeBlock}`}>
      <form className={styles.choices} onSubmit={submit}>
        <ChoiceSelect
          label={t('payment.service')}
          className={styles.service}
          items={services.data}
          getId={(s) => s.id_uslug}
          getLabel={(s) => `${localName(s, i18n.language)} — ${som(s.amount)}`}
          // A phone's select cuts a long name and its amount: the amount is said under it too.
          hint={service ? t('payment.serviceAmount', { amount: som(service.amount) }) : undefined}
          value={service?.id_uslug ?? null}
          loading={services.isPending}
          loadError={services.error}
          onRetry={() => void services.refetch()}
          onChange={(id) => choose({ service: id })}
        />
        <ChoiceSelect
          label={t('payment.year')}
          items={years.data}
          getId={(y) => y.id_a_year}
          getLabel={(y) => y.name}
          value={year?.id_a_year ?? null}
          loading={years.isPending}
          loadError={years.error}
          onRetry={() => void years.refetch()}
          onChange={(id) => choose({ year: id, group: null })}
        />
        <ChoiceSelect
          label={t('payment.group')}
          items={groups.data}
          getId={(g) => g.id_group}
          getLabel={(g) => g.name}
          value={group?.id_group ?? null}
          loading={groups.isLoading}
          loadError={groups.error}
          onRetry={() => void groups.refetch()}
          onChange={(id) => choose({ group: id })}
        />
        <Button
          variant="primary"
          className={styles.action}
          type="submit"
          disabled={!choice || code.isFetching}
        >
          {t('payment.getCode')}
        </Button>
      </form>
      {groups.data?.length === 0 && <EmptyState message={t('payment.noGroup')} />}
      {shown &&
        (code.isError ? (
          <ErrorState error={code.error} onRetry={() => void code.refetch()} />
        ) : code.data ? (
          <section className={styles.result} aria-label={t('payment.codeTitle')}>
            <dl className={styles.facts}>
              <dt>{t('payment.codeTitle')}</dt>
              <dd className={styles.code} data-testid="payment-code">
                {code.data.PaymentCode}
              </dd>
              <dt>{t('payment.service')}</dt>
              <dd>
                {localName(
                  {
                    name: code.data.PaymentInfo.service,
                    name_kg: code.data.PaymentInfo.service_kg,
                    name_en: code.data.PaymentInfo.service_en,
                  },
                  i18n.language,
                )}
              </dd>
              <dt>{t('payment.receiver')}</dt>
              <dd>{code.data.PaymentInfo.receiver}</dd>
              <dt>{t('payment.amount')}</dt>
              <dd>{som(code.data.PaymentInfo.amount)}</dd>
              <dt>{t('payment.paid')}</dt>
              <dd>{som(code.data.PaymentInfo.paid)}</dd>
              <dt>{t('payment.due')}</dt>
              <dd data-testid="payment-due">
                <strong>{som(code.data.PaymentInfo.due)}</strong>
              </dd>
            </dl>
            {code.data.PaymentInfo.due > 0 ? (
              <div className={styles.ways}>
                <PaymentQr payload={code.data.qr} code={code.data.PaymentCode} />
                <CardPayment
                  key={`${code.data.PaymentCode}-${code.data.PaymentInfo.due}`}
                  code={code.data.PaymentCode}
                  due={code.data.PaymentInfo.due}
                  testMode={code.data.cardTestMode}
                  pending={code.data.pending}
                />
              </div>
            ) : (
              <p role="status">{t('payment.allPaid')}</p>
            )}
          </section>
        ) : (
          <Loading />
        ))}
    </div>
  );
}
