import { describeNamespace } from '@lms/shared/testing';
import { NAMESPACE } from './i18n';

describeNamespace(NAMESPACE);
