import { questionBody, type QuestionForm } from './questionForm';

const form = (over: Partial<QuestionForm>): QuestionForm => ({
  topicId: 1,
  kind: 'single',
  text: 'Q',
  points: 1,
  lines: '',
  caseSensitive: false,
  value: '',
  tolerance: '',
  truth: true,
  ...over,
});

describe('questionBody', () => {
  it('marks correct choices by a leading star', () => {
    expect(questionBody(form({ lines: '*4\n3\n\n 5 ' })).options).toEqual([
      { text: '4', correct: true },
      { text: '3', correct: false },
      { text: '5', correct: false },
    ]);
  });

  it('splits matching pairs at the first "="', () => {
    expect(questionBody(form({ kind: 'matching', lines: 'a = b\nx=y=z' })).options).toEqual([
      { text: 'a', match: 'b' },
      { text: 'x', match: 'y=z' },
    ]);
  });

  it('reads numbers with a decimal comma, and leaves out what is not a number', () => {
    const numeric = questionBody(form({ kind: 'numeric', value: '3,14', tolerance: '0,01' }));
    expect([numeric.value, numeric.tolerance]).toEqual([3.14, 0.01]);
    expect(questionBody(form({ kind: 'numeric', value: 'abc' })).value).toBeUndefined();
  });

  it('keeps short answers one per line with the case rule', () => {
    expect(
      questionBody(form({ kind: 'short', lines: 'Иссык-Куль\nIssyk-Kul', caseSensitive: true })),
    ).toMatchObject({ variants: ['Иссык-Куль', 'Issyk-Kul'], caseSensitive: true });
  });

  it('sends the teacher’s feedback when there is one', () => {
    expect(questionBody(form({ kind: 'essay', feedback: '  См. главу 2 ' })).feedback).toBe(
      'См. главу 2',
    );
    expect(questionBody(form({ kind: 'essay', feedback: ' ' }))).not.toHaveProperty('feedback');
  });
});
