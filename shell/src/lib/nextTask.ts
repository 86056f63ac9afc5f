/**
 * Resolves in a task of its own: what comes after it runs once the browser has had the chance to
 * paint and to answer a tap (a phone's CPU is busy for a long while when the portal starts).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
