import { QUESTIONNAIRES_ENDPOINTS, ROLE } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { hiddenRecord, sessionUser } from '../../access/index.js';
import type { Language } from '../../lib/catalogue-names.js';
import { endpointRoute } from '../../lib/endpoints.js';
import { ok } from '../../lib/http.js';
import type { QuestionnairesRouteOptions } from './config.js';
import { NOTICES } from './messages.js';
import { pairKey, pairsStudiedBy } from './repository.js';
import { resultsOf } from './results.js';
import { optionsIn, textIn } from './wire.js';

/**
 * The student's (what waits for their answer, its form, the answer) and the teacher's (their own
 * results, above the threshold only). A student never reaches a result.
 */
const questionnairesRoutes: FastifyPluginAsyncTypebox<QuestionnairesRouteOptions> = async (
  app,
  { questionnaires, service, access, today },
) => {
  app.addHook('onRequest', app.requireUser);
  const student = { onRequest: app.requireRole(ROLE.student) };

  /** The targets of questionnaires open today whose discipline × teacher the student studies. */
  async function waitingFor(studentId: number, lng: Language) {
    const open = await questionnaires.openOn(today());
    if (open.length === 0) return [];
    const studied = new Set<string>();
    for (const semester of new Set(open.map((q) => `${q.year_id}:${q.ws_id}`))) {
      const [year, ws] = semester.split(':').map(Number);
      for (const pair of await pairsStudiedBy(access, studentId, year ?? 0, ws ?? 0))
        studied.add(`${semester}/${pair}`);
    }
    const targets = await questionnaires
      .targetsWithNames(lng)
      .where(
        't.questionnaire_id',
        'in',
        open.map((q) => q.id),
      )
      .execute();
    return targets.filter((target) =>
      studied.has(
        `${target.year_id}:${target.ws_id}/${pairKey(target.teacher_id, target.discipline_id)}`,
      ),
    );
  }

  /** A target the student may answer now; another's, a closed or a missing one alike refused. */
  async function answerable(studentId: number, targetId: number, lng: Language) {
    const target = (await waitingFor(studentId, lng)).find((found) => found.id === targetId);
    if (!target) throw hiddenRecord();
    return target;
  }

  app.route({
    ...endpointRoute(app, QUESTIONNAIRES_ENDPOINTS.waiting),
    ...student,
    handler: async (request) => {
      const me = sessionUser(request).id;
      const targets = await waitingFor(me, request.lang);
      const answered = await questionnaires.hasAnswered(
        me,
        targets.map((target) => target.id),
      );
      return ok(
        targets.map((target) => ({
          id_target: target.id,
          title: textIn(target.title, request.lang),
          discipline: target.discipline,
          teacher: target.teacher,
          closesOn: target.closes_on ?? '',
          answered: answered.has(target.id),
        })),
      );
    },
  });

  app.route({
    ...endpointRoute(app, QUESTIONNAIRES_ENDPOINTS.form),
    ...student,
    handler: async (request) => {
      const target = await answerable(
        sessionUser(request).id,
        request.body.id_target,
        request.lang,
      );
      const items = await questionnaires.items(target.questionnaire_id);
      return ok({
        id_target: target.id,
        title: textIn(target.title, request.lang),
        discipline: target.discipline,
        teacher: target.teacher,
        closesOn: target.closes_on ?? '',
        items: items.map((item) => ({
          id: item.id,
          kind: item.kind,
          text: textIn(item.text, request.lang),
          options: optionsIn(item.options, request.lang),
        })),
      });
    },
  });

  app.route({
    ...endpointRoute(app, QUESTIONNAIRES_ENDPOINTS.answer),
    config: {
      answers: { 409: 'The caller has answered this questionnaire already, or it is closed.' },
    },
    ...student,
    handler: async (request) => {
      const me = sessionUser(request).id;
      const target = await answerable(me, request.body.id_target, request.lang);
      await service.answer(
        me,
        { id: target.id, questionnaireId: target.questionnaire_id },
        request.body.answers,
        today(),
      );
      return ok({ sms: NOTICES.answered[request.lang] });
    },
  });

  app.route({
    ...endpointRoute(app, QUESTIONNAIRES_ENDPOINTS.teacherResults),
    onRequest: app.requireRole(ROLE.teacher),
    handler: async (request) => {
      // Only the caller's own disciplines, whoever else teaches them.
      const targets = await questionnaires
        .targetsWithNames(request.lang)
        .where('t.teacher_id', '=', sessionUser(request).id)
        .where('q.opens_on', '<=', today())
        .execute();
      return ok(await resultsOf(questionnaires, targets, request.lang));
    },
  });
};

export default questionnairesRoutes;
