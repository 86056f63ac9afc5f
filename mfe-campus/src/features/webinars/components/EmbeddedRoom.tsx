import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  pathWithQuery,
  useEventStream,
  WEBINARS_API,
  type WebinarChatMessage,
  type WebinarHand,
  type WebinarPeer,
  type WebinarSignalKind,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { Mesh, type RemotePeer } from '../api/mesh';
import { sendSignal } from '../api/webinars';
import { RoomSide } from './RoomSide';
import styles from './Webinars.module.css';

/** A video element playing a stream (muted for one's own picture). */
function Video({
  stream,
  label,
  muted,
}: {
  stream: MediaStream | null;
  label: string;
  muted?: boolean;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={ref}
      className={styles.video}
      aria-label={label}
      autoPlay
      playsInline
      muted={muted}
    />
  );
}

/** The camera and microphone (the camera alone, or nothing, when refused). */
async function localMedia(): Promise<MediaStream | null> {
  const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!media?.getUserMedia) return null;
  try {
    return await media.getUserMedia({ audio: true, video: true });
  } catch {
    return media.getUserMedia({ video: true }).catch(() => null);
  }
}

/**
 * The portal's own small-group room: everyone's camera, peer-to-peer, signalled through the
 * webinar's event stream; the teacher may share their screen instead of the camera.
 */
export function EmbeddedRoom({
  id,
  me,
  myId,
  host,
}: {
  id: number;
  me: string;
  myId: number;
  host: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [noMedia, setNoMedia] = useState(false);
  const [peers, setPeers] = useState<RemotePeer[]>([]);
  const [sharing, setSharing] = useState<MediaStream | null>(null);
  const mesh = useRef<Mesh | null>(null);
  const [hands, setHands] = useState<WebinarHand[]>([]);
  const [chat, setChat] = useState<WebinarChatMessage[]>([]);

  useEffect(() => {
    let stopped = false;
    const media = localMedia();
    void media.then((stream) => {
      if (stopped) stream?.getTracks().forEach((track) => track.stop());
      else {
        setLocal(stream);
        setNoMedia(stream === null);
      }
    });
    const send = (to: number, kind: WebinarSignalKind, payload: string) =>
      sendSignal({ id, to, kind, payload }).catch(() => undefined);
    mesh.current = new Mesh(media, send, setPeers);
    return () => {
      stopped = true;
      mesh.current?.close();
      mesh.current = null;
      void media.then((stream) => stream?.getTracks().forEach((track) => track.stop()));
    };
  }, [id]);

  useEventStream(pathWithQuery(WEBINARS_API.events, { id }), {
    events: {
      welcome: (data) => {
        const room = data as {
          peers: WebinarPeer[];
          hands: WebinarHand[];
          chat: WebinarChatMessage[];
        };
        setHands(room.hands);
        setChat(room.chat);
        mesh.current?.welcome(room.peers);
      },
      hands: (data) => setHands((data as { hands: WebinarHand[] }).hands),
      chat: (data) => {
        const message = data as WebinarChatMessage;
        setChat((list) => (list.some((m) => m.id === message.id) ? list : [...list, message]));
      },
      joined: (data) => mesh.current?.joined(data as WebinarPeer),
      left: (data) => mesh.current?.left((data as { id: number }).id),
      signal: (data) => {
        const { from, kind, payload } = data as {
          from: number;
          kind: WebinarSignalKind;
          payload: string;
        };
        mesh.current?.receive(from, kind, payload);
      },
    },
  });

  const share = async () => {
    if (sharing) {
      sharing.getTracks().forEach((track) => track.stop());
      setSharing(null);
      await mesh.current?.replaceVideo(local?.getVideoTracks()[0] ?? null);
      return;
    }
    const screen = await navigator.mediaDevices.getDisplayMedia({ video: true }).catch(() => null);
    const track = screen?.getVideoTracks()[0];
    if (!screen || !track) return;
    track.addEventListener('ended', () => {
      setSharing(null);
      void mesh.current?.replaceVideo(local?.getVideoTracks()[0] ?? null);
    });
    setSharing(screen);
    await mesh.current?.replaceVideo(track);
  };

  return (
    <section aria-labelledby="webinar-room" className={styles.room}>
      <h2 id="webinar-room">{t('webinars.room')}</h2>
      {noMedia && <p role="status">{t('webinars.noCamera')}</p>}
      <div className={styles.layout}>
        <div className={styles.call}>
          <div className={styles.videos}>
            <figure className={styles.tile}>
              <Video stream={sharing ?? local} label={t('webinars.you', { name: me })} muted />
              <figcaption>{t('webinars.you', { name: me })}</figcaption>
            </figure>
            {peers.map((peer) => (
              <figure key={peer.id} className={styles.tile}>
                <Video stream={peer.stream} label={peer.name} />
                <figcaption>
                  {peer.name}
                  {peer.host ? ` (${t('webinars.teacher')})` : ''}
                </figcaption>
              </figure>
            ))}
          </div>
          {peers.length === 0 && <p>{t('webinars.alone')}</p>}
          {host && typeof navigator?.mediaDevices?.getDisplayMedia === 'function' && (
            <Button aria-pressed={sharing !== null} onClick={() => void share()}>
              {sharing ? t('webinars.stopSharing') : t('webinars.shareScreen')}
            </Button>
          )}
        </div>
        <RoomSide id={id} host={host} myId={myId} hands={hands} chat={chat} />
      </div>
    </section>
  );
}
