import { render, screen } from '@testing-library/react';
import axios from 'axios';
import { useEffect, useState } from 'react';
import { deferred, ok, stubApi, type StubbedApi } from './axiosAdapter.js';
import { settled } from './settled.js';

const http = axios.create();
let api: StubbedApi;
afterEach(() => api.restore());

/** Asks for a name; with `then`, asks a second time with the first answer (a chained request). */
function Name({ then = false, pauseMs = 0 }: { then?: boolean; pauseMs?: number }) {
  const [name, setName] = useState('…');
  useEffect(() => {
    const ask = async () => {
      const first = await http.get<{ data: string }>('/first');
      if (!then) return setName(first.data.data);
      const second = await http.get<{ data: string }>(`/second/${first.data.data}`);
      setName(second.data.data);
    };
    const timer = setTimeout(() => void ask(), pauseMs);
    return () => clearTimeout(timer);
  }, [then, pauseMs]);
  return <p>{name}</p>;
}

describe('settled()', () => {
  it('waits for a request and what its answer renders', async () => {
    api = stubApi(http, { '/first': ok('Айгерим') });
    render(<Name />);
    await settled();
    expect(screen.getByText('Айгерим')).toBeInTheDocument();
  });

  it('waits for a request the first answer starts, and for a short pause before a request', async () => {
    api = stubApi(http, { '/first': ok('a'), '/second/a': ok('Бакыт') });
    render(<Name then pauseMs={250} />);
    await settled();
    expect(screen.getByText('Бакыт')).toBeInTheDocument();
    expect(api.requests.map((config) => config.url)).toEqual(['/first', '/second/a']);
  });

  it('does not wait for a reply the test holds, nor for a long timer', async () => {
    const held = deferred();
    api = stubApi(http, { '/first': held.reply });
    const later = jest.fn();
    const timer = setTimeout(later, 5000);
    render(<Name />);
    await settled();
    expect(screen.getByText('…')).toBeInTheDocument();
    expect(later).not.toHaveBeenCalled();
    clearTimeout(timer);
    held.release(ok('Нурлан'));
    await settled();
    expect(screen.getByText('Нурлан')).toBeInTheDocument();
  });

  it('fails for a page that never stops changing', async () => {
    api = stubApi(http);
    function Ticking() {
      const [tick, setTick] = useState(0);
      useEffect(() => {
        const timer = setTimeout(() => setTick((n) => n + 1), 0);
        return () => clearTimeout(timer);
      }, [tick]);
      return <p>{tick}</p>;
    }
    const { unmount } = render(<Ticking />);
    await expect(settled()).rejects.toThrow('The page did not settle');
    unmount();
  });
});
