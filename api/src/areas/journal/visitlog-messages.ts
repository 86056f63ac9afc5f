import type { Language as Lang } from '../../lib/catalogue-names.js';

/** Refusals of the journal's writes, in the teacher's language (request.lang). */
export type VisitlogRefusal = 'colleaguesLesson' | 'cellChanged';

export const VISITLOG_REFUSALS: Record<VisitlogRefusal, Record<Lang, string>> = {
  colleaguesLesson: {
    ru: 'Это занятие ведёт {teacher}: его отметки, тему и список студентов меняет только он(а), вы можете их только просматривать',
    kg: 'Бул сабакты {teacher} өтөт: анын белгилерин, темасын жана студенттердин тизмесин ал гана өзгөртөт, сиз аларды көрө гана аласыз',
    en: 'This lesson is given by {teacher}: only they change its marks, topic and student list; you can only view them',
  },
  cellChanged: {
    ru: 'Отметку уже изменили на другом устройстве или другой пользователь: ваша отметка не сохранена, в ячейке показана текущая',
    kg: 'Белгини башка түзмөктө же башка колдонуучу өзгөрттү: сиздин белгиңиз сакталган жок, уячада азыркы белги көрсөтүлдү',
    en: 'The mark was changed on another device or by someone else: yours was not saved, the cell shows the current one',
  },
};

/** A refusal's text in that language, `{name}` placeholders filled. */
export function refusalText(
  refusal: VisitlogRefusal,
  lang: Lang,
  values: Record<string, string> = {},
): string {
  return VISITLOG_REFUSALS[refusal][lang].replace(
    /\{(\w+)\}/g,
    (_, name: string) => values[name] ?? '',
  );
}
