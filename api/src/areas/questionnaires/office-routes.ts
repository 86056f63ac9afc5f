import { QUESTIONNAIRE_DEFAULT_MIN_ANSWERS, QUESTIONNAIRES_ENDPOINTS } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { hiddenRecord, isQualityOffice, sessionUser } from '../../access/index.js';
import { endpointRoute } from '../../lib/endpoints.js';
import { ApiError, ok } from '../../lib/http.js';
import { MESSAGES } from '../../lib/messages.js';
import type { QuestionnairesRouteOptions } from './config.js';
import { NOTICES } from './messages.js';
import { resultsOf } from './results.js';
import { summaryOf } from './wire.js';

/** Only the quality office (the registrar, or the granted right; 403 for anyone else). */
function officeOnly(request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) {
  done(isQualityOffice(sessionUser(request)) ? undefined : new ApiError(403, MESSAGES.forbidden));
}

/**
 * The quality office's (the registrar): questionnaires written and opened for a semester, the
 * response rates, the results of every discipline × teacher (above the threshold only).
 */
export const officeRoutes: FastifyPluginAsyncTypebox<QuestionnairesRouteOptions> = async (
  app,
  { questionnaires, service, access, today },
) => {
  app.addHook('onRequest', app.requireUser);
  const office = { onRequest: officeOnly, config: { access: 'registrar' as const } };

  const questionnaireOf = async (id: number) => {
    const found = await questionnaires.find(id);
    if (!found) throw hiddenRecord();
    return found;
  };

  app.route({
    ...endpointRoute(app, QUESTIONNAIRES_ENDPOINTS.officeList),
    ...office,
    handler: async (request) => {
      const [rows, items, answered] = await Promise.all([
        questionnaires.list(),
        questionnaires.itemCounts(),
        questionnaires.respondentCounts(),
      ]);
      const targets = await questionnaires.targetsWithNames(request.lang).execute();
      const semesters = new Map<string, Map<string, number>>();
      for (const row of rows) {
        if (row.year_id === null || row.ws_id === null) continue;
        const key = `${row.year_id}:${row.ws_id}`;
        if (semesters.has(key)) continue;
        const counts = await access.taughtStudentCounts(row.year_id, row.ws_id);
        semesters.set(
          key,
          new Map(counts.map((c) => [`${c.teacher_id}:${c.discipline_id}`, c.students])),
        );
      }
      return ok(
        rows.map((row) => {
          const own = targets.filter((target) => target.questionnaire_id === row.id);
          const taught = semesters.get(`${row.year_id}:${row.ws_id}`);
          return summaryOf(row, request.lang, today(), {
            items: items.get(row.id) ?? 0,
            answered: own.reduce((sum, target) => sum + (answered.get(target.id) ?? 0), 0),
            expected: own.reduce(
              (sum, target) =>
                sum + (taught?.get(`${target.teacher_id}:${target.discipline_id}`) ?? 0),
              0,
            ),
          });
        }),
      );
    },
  });

  app.route({
    ...endpointRoute(app, QUESTIONNAIRES_ENDPOINTS.officeSave),
    ...office,
    handler: async (request) => {
      const id = await service.save(
        request.body,
        sessionUser(request).uid,
        Date.now(),
        QUESTIONNAIRE_DEFAULT_MIN_ANSWERS,
      );
      return ok({ id, sms: NOTICES.saved[request.lang] });
    },
  });

  app.route({
    ...endpointRoute(app, QUESTIONNAIRES_ENDPOINTS.officeOpen),
    ...office,
    config: {
      ...office.config,
      answers: { 409: 'The questionnaire is open already, or closed.' },
    },
    handler: async (request) => {
      await questionnaireOf(request.body.id_questionnaire);
      const targets = await service.open(request.body, today());
      return ok({ targets, sms: NOTICES.opened[request.lang] });
    },
  });

  app.route({
    ...endpointRoute(app, QUESTIONNAIRES_ENDPOINTS.officeRates),
    ...office,
    handler: async (request) => {
      const questionnaire = await questionnaireOf(request.body.id_questionnaire);
      const targets = await questionnaires
        .targetsWithNames(request.lang)
        .where('t.questionnaire_id', '=', questionnaire.id)
        .execute();
      const [answered, taught] = await Promise.all([
        questionnaires.respondentCounts(questionnaire.id),
        questionnaire.year_id === null || questionnaire.ws_id === null
          ? Promise.resolve([])
          : access.taughtStudentCounts(questionnaire.year_id, questionnaire.ws_id),
      ]);
      const expected = new Map(
        taught.map((row) => [`${row.teacher_id}:${row.discipline_id}`, row.students]),
      );
      return ok(
        targets.map((target) => ({
          id_target: target.id,
          faculty: target.faculty,
          discipline: target.discipline,
          teacher: target.teacher,
          answered: answered.get(target.id) ?? 0,
          expected: expected.get(`${target.teacher_id}:${target.discipline_id}`) ?? 0,
        })),
      );
    },
  });

  app.route({
    ...endpointRoute(app, QUESTIONNAIRES_ENDPOINTS.officeResults),
    ...office,
    handler: async (request) => {
      const questionnaire = await questionnaireOf(request.body.id_questionnaire);
      const targets = await questionnaires
        .targetsWithNames(request.lang)
        .where('t.questionnaire_id', '=', questionnaire.id)
        .execute();
      return ok(await resultsOf(questionnaires, targets, request.lang));
    },
  });
};
