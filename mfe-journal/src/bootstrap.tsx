import { mountStandalone } from '@lms/shared';
import App from './App';

mountStandalone({ remote: 'journal', children: <App /> });
