import { render, screen } from '@testing-library/react';
import { Shot, shotKey } from './Shot';

const props = {
  language: 'en' as const,
  section: 'journal' as const,
  reader: 'student' as const,
  alt: 'The “Journal of lessons” screen as the student sees it',
  caption: 'The screen',
};

describe('Shot', () => {
  it('shows nothing while the screenshots have not been taken', () => {
    const { container } = render(<Shot shots={{}} {...props} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the phone’s picture, the desk’s on a wide screen, lazily and with its text', () => {
    const shots = {
      [shotKey('en', 'journal', 'student', 375)]: '/shots/phone.png',
      [shotKey('en', 'journal', 'student', 1280)]: '/shots/desk.png',
    };
    const { container } = render(<Shot shots={shots} {...props} />);
    const image = screen.getByRole('img', { name: props.alt });
    expect(image).toHaveAttribute('src', '/shots/phone.png');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(container.querySelector('source')).toHaveAttribute('srcset', '/shots/desk.png');
    expect(screen.getByRole('figure')).toHaveTextContent('The screen');
  });
});
