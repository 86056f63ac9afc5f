import type { WebinarPeer, WebinarSignalKind } from '@lms/shared';

// The embedded room's media: one RTCPeerConnection to each other person (a full mesh, fine for
// up to 8). Whoever enters offers to everyone already there; the others answer. The portal's
// event stream carries the messages (sendSignal posts them, `receive` hears them).

export type Send = (to: number, kind: WebinarSignalKind, payload: string) => Promise<unknown>;

export interface RemotePeer extends WebinarPeer {
  stream: MediaStream | null;
}

interface Link {
  connection: RTCPeerConnection;
  /** Candidates heard before the remote description was set. */
  pending: RTCIceCandidateInit[];
  /** Messages of one peer are handled one after another. */
  queue: Promise<void>;
}

export class Mesh {
  private readonly links = new Map<number, Link>();
  private readonly peers = new Map<number, RemotePeer>();
  private closed = false;

  constructor(
    private readonly local: Promise<MediaStream | null>,
    private readonly send: Send,
    private readonly changed: (peers: RemotePeer[]) => void,
    private readonly rtc: RTCConfiguration = {},
  ) {}

  private publish() {
    if (!this.closed) this.changed([...this.peers.values()]);
  }

  private link(peer: WebinarPeer): Link {
    let link = this.links.get(peer.id);
    if (link) return link;
    const connection = new RTCPeerConnection(this.rtc);
    link = { connection, pending: [], queue: this.addLocal(connection) };
    this.links.set(peer.id, link);
    if (!this.peers.has(peer.id)) this.peers.set(peer.id, { ...peer, stream: null });
    connection.addEventListener('icecandidate', (event) => {
      if (event.candidate) void this.send(peer.id, 'ice', JSON.stringify(event.candidate));
    });
    connection.addEventListener('track', (event) => {
      const known = this.peers.get(peer.id);
      const stream = event.streams[0] ?? new MediaStream([event.track]);
      this.peers.set(peer.id, { ...(known ?? peer), stream });
      this.publish();
    });
    this.publish();
    return link;
  }

  private async addLocal(connection: RTCPeerConnection) {
    const local = await this.local;
    for (const track of local?.getTracks() ?? []) connection.addTrack(track, local!);
  }

  /** Who was there when we entered: we offer to each. */
  welcome(peers: WebinarPeer[]) {
    for (const peer of peers) {
      const link = this.link(peer);
      link.queue = link.queue.then(async () => {
        const offer = await link.connection.createOffer();
        await link.connection.setLocalDescription(offer);
        await this.send(peer.id, 'offer', JSON.stringify(link.connection.localDescription));
      });
    }
  }

  /** Someone entered: they will offer; until then they are listed without a picture. */
  joined(peer: WebinarPeer) {
    if (!this.peers.has(peer.id)) this.peers.set(peer.id, { ...peer, stream: null });
    this.publish();
  }

  left(id: number) {
    this.links.get(id)?.connection.close();
    this.links.delete(id);
    this.peers.delete(id);
    this.publish();
  }

  /** A message from another person of the room. */
  receive(from: number, kind: WebinarSignalKind, payload: string) {
    const known = this.peers.get(from) ?? { id: from, name: '', host: false };
    const link = this.link(known);
    const message = JSON.parse(payload) as RTCSessionDescriptionInit & RTCIceCandidateInit;
    link.queue = link.queue
      .then(async () => {
        const connection = link.connection;
        if (kind === 'ice') {
          if (connection.remoteDescription) await connection.addIceCandidate(message);
          else link.pending.push(message);
          return;
        }
        await connection.setRemoteDescription(message);
        for (const candidate of link.pending.splice(0)) await connection.addIceCandidate(candidate);
        if (kind === 'offer') {
          const answer = await connection.createAnswer();
          await connection.setLocalDescription(answer);
          await this.send(from, 'answer', JSON.stringify(connection.localDescription));
        }
      })
      .catch(() => undefined);
  }

  /** Sends another picture (a shared screen) instead of the camera's, or the camera's again. */
  async replaceVideo(track: MediaStreamTrack | null) {
    for (const { connection } of this.links.values()) {
      const sender = connection
        .getSenders()
        .find((s) => s.track?.kind === 'video' || s.track === null);
      await sender?.replaceTrack(track);
    }
  }

  close() {
    this.closed = true;
    for (const { connection } of this.links.values()) connection.close();
    this.links.clear();
  }
}
