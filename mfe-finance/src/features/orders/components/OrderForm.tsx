import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ChoiceSelect, errorMessage, Field, FormError, notify } from '@lms/shared';
import { localName } from '../../../lib/localName';
import { NAMESPACE } from '../../../i18n';
import { useDistricts, useOrderLists, useSaveOrder } from '../api/orders';
import { todayIso } from '../waited';
import styles from './Orders.module.css';

/** A new order: document, region, district, purpose and date, every one required (spec §5). */
export function OrderForm() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { documents, regions, purposes } = useOrderLists();
  const [docId, setDocId] = useState<number | null>(null);
  const [regionId, setRegionId] = useState<number | null>(null);
  const [districtId, setDistrictId] = useState<number | null>(null);
  const [purposeId, setPurposeId] = useState<number | null>(null);
  const [date, setDate] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const districts = useDistricts(regionId);
  const save = useSaveOrder();
  const name = (item: { name: string; name_kg: string; name_en: string }) =>
    localName(item, i18n.language);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (docId === null || regionId === null || districtId === null || purposeId === null || !date) {
      setProblem(t('orders.form.allRequired'));
      return;
    }
    setProblem(null);
    save.mutate(
      {
        id_doc: docId,
        id_region: regionId,
        id_district: districtId,
        id_naznachenie: purposeId,
        date,
      },
      {
        onSuccess: (order) => {
          notify(
            order.status === 'prepared' ? t('orders.form.ready') : t('orders.form.saved'),
            'success',
          );
          setDocId(null);
          setPurposeId(null);
          setDate('');
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  const instant = documents.data?.find((d) => d.id_doc === docId)?.instant;
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t('orders.form.title')}>
      <div className={styles.fields}>
        <ChoiceSelect
          label={t('orders.form.document')}
          items={documents.data}
          getId={(d) => d.id_doc}
          getLabel={name}
          placeholder
          value={docId}
          loading={documents.isPending}
          loadError={documents.error}
          onRetry={() => void documents.refetch()}
          onChange={(id) => setDocId(id)}
          hint={instant ? t('orders.form.instantHint') : undefined}
        />
        <ChoiceSelect
          label={t('orders.form.region')}
          items={regions.data}
          getId={(r) => r.id_region}
          getLabel={name}
          placeholder
          value={regionId}
          loading={regions.isPending}
          loadError={regions.error}
          onRetry={() => void regions.refetch()}
          onChange={(id) => {
            setRegionId(id);
            setDistrictId(null);
          }}
        />
        <ChoiceSelect
          label={t('orders.form.district')}
          items={regionId === null ? [] : districts.data}
          getId={(d) => d.id_district}
          getLabel={name}
          placeholder
          value={districtId}
          disabled={regionId === null}
          loading={districts.isLoading}
          loadError={districts.error}
          onRetry={() => void districts.refetch()}
          onChange={(id) => setDistrictId(id)}
        />
        <ChoiceSelect
          label={t('orders.form.purpose')}
          items={purposes.data}
          getId={(p) => p.id_naznachenie}
          getLabel={name}
          placeholder
          value={purposeId}
          loading={purposes.isPending}
          loadError={purposes.error}
          onRetry={() => void purposes.refetch()}
          onChange={(id) => setPurposeId(id)}
        />
        <Field
          label={t('orders.form.date')}
          type="date"
          min={todayIso()}
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
      </div>
      {problem && <FormError>{problem}</FormError>}
      <div>
        <Button variant="primary" type="submit" disabled={save.isPending}>
          {save.isPending ? t('orders.form.saving') : t('orders.form.submit')}
        </Button>
      </div>
    </form>
  );
}
