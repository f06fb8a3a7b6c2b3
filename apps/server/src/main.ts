import { ConfigError, loadConfig } from './config/config';
import { startServer, StartupError } from './start';

/** Any failure to start ends the process non-zero (a supervisor then restarts it), whatever is still open. */
function fail(e: unknown): never {
  const expected = e instanceof ConfigError || e instanceof StartupError;
  process.stderr.write(`${expected ? (e as Error).message : ((e as Error)?.stack ?? String(e))}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const server = await startServer(loadConfig());

  // Graceful shutdown: stop accepting, finish requests in flight, then close the database.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    server.app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await server.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch(fail);
