package bamboo.shim.launch;

import bamboo.shim.aeron.AeronSettings;
import bamboo.shim.aeron.AeronTransport;
import bamboo.shim.aeron.Drivers;
import bamboo.shim.aeron.JobKey;
import bamboo.shim.aeron.StartupException;
import bamboo.shim.engine.AbortCalledError;
import bamboo.shim.engine.Binding;
import bamboo.shim.engine.Endpoint;
import bamboo.shim.engine.JobAbortedError;
import bamboo.shim.engine.Network;
import bamboo.shim.engine.World;
import bamboo.shim.job.RankExit;
import io.aeron.Aeron;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * The entry point of one rank process of the aeron device:
 * {@code java <flags> -cp ... bamboo.shim.launch.RankMain MainClass args...}. Started by
 * {@link ProcessJob} or by Open MPI's mpirun. Sets up the rank's world and transport, runs
 * {@code MainClass.main(args)} as that rank, then says goodbye to the peers and exits: 0 on success,
 * 1 when the rank failed or the job was aborted, the error code of an {@code Abort}.
 */
public final class RankMain {
    /** How long a rank may keep computing after the job was aborted under it before the process ends. */
    private static final long GRACE_MILLIS = 3000;
    /** Exit code of a deadlocked job (as the threads device's JobResult.DEADLOCK). */
    static final int DEADLOCK = 3;

    private RankMain() {
    }

    public static void main(String[] argv) {
        final int code = run(argv);
        System.out.flush();
        System.err.flush();
        System.exit(code);
    }

    static int run(String[] argv) {
        if (argv.length == 0) {
            System.err.println("usage: bamboo.shim.launch.RankMain MainClass [args...]");
            return 2;
        }
        final RankEnv env;
        final AeronSettings settings;
        JobKey key;
        SharedJobKey shared = null;
        try {
            env = RankEnv.from(System.getenv());
            settings = AeronSettings.fromEnvironment(System.getenv());
            key = JobKey.fromEnvironment(System.getenv(), System.in);
            if (key == null && env.launcher() != null && env.size() > 1) {
                // a cluster's launcher hands out no key: the ranks share one through a file only the user reads
                shared = SharedJobKey.open(env, System.getenv(), settings.startTimeoutMillis());
                key = shared.key();
            }
        } catch (IllegalArgumentException e) {
            System.err.println("bamboo.shim.launch.RankMain: " + e.getMessage());
            return 2;
        }
        if (key == null && env.size() > 1) {
            System.err.println("rank " + env.rank() + ": no job key (" + JobKey.ENV + " or " + JobKey.FILE_ENV
                    + "): the launcher always gives one; refusing to run a job that strangers could join");
            return 2;
        }
        ParentWatch.start(env.rank());
        final Method main;
        try {
            main = Class.forName(argv[0], true, ClassLoader.getSystemClassLoader()).getMethod("main", String[].class);
        } catch (ClassNotFoundException | NoClassDefFoundError e) {
            System.err.println("rank " + env.rank() + ": main class " + argv[0] + " not found on the class path");
            return 2;
        } catch (NoSuchMethodException e) {
            System.err.println("rank " + env.rank() + ": class " + argv[0] + " has no public static void main(String[])");
            return 2;
        }
        try (RankProcess p = RankProcess.open(env, settings, key)) {
            if (shared != null) {
                shared.formed(env);
            }
            return p.runMain(main, Arrays.copyOfRange(argv, 1, argv.length));
        } catch (StartupException e) {
            System.err.println(e.getMessage());
            return 1;
        } catch (RuntimeException e) {
            System.err.println("rank " + env.rank() + ": cannot start the aeron device: " + e);
            return 1;
        }
    }

    /** The world, driver, client and transport of this process. */
    private static final class RankProcess implements AutoCloseable {
        private final RankEnv env;
        private final World world;
        private Drivers.Embedded driver;
        private String driverDir;
        private Aeron aeron;
        private AeronTransport transport;
        private Bootstrap.Server server;

        private RankProcess(RankEnv env) {
            this.env = env;
            this.world = new World(env.size(), new Network(env.size(), 1, 0, Double.POSITIVE_INFINITY),
                    World.DEFAULT_EAGER_LIMIT, false);
        }

        static RankProcess open(RankEnv env, AeronSettings settings, JobKey key) throws StartupException {
            final RankProcess p = new RankProcess(env);
            try {
                p.start(settings, key);
                return p;
            } catch (StartupException | RuntimeException e) {
                p.close();
                throw e;
            }
        }

        private void start(AeronSettings settings, JobKey key) throws StartupException {
            final String[] channels = new String[env.size()];
            if (env.aeronDir() != null) {
                aeron = Drivers.connect(env.aeronDir(), this::transportFailed);
                Arrays.fill(channels, "aeron:ipc");
                transport = AeronTransport.open(world, env.rank(), aeron, "aeron:ipc", settings, key, this::failed);
            } else {
                final String dir = Drivers.freshDirectory("rank" + env.rank());
                driverDir = dir;
                driver = Drivers.launch(dir, settings.termLength(), this::transportFailed);
                Runtime.getRuntime().addShutdownHook(new Thread(driver::close, "bamboo-aeron-cleanup"));
                aeron = Drivers.connect(dir, this::transportFailed);
                final InetSocketAddress boot = Bootstrap.parse(env.bootstrap());
                if (env.rank() == 0 && !env.bootstrapExternal()) {
                    try {
                        // only on the address named (with mpirun: the host in BAMBOO_BOOTSTRAP), never on all
                        server = Bootstrap.serve(new InetSocketAddress(boot.getAddress(), boot.getPort()), env.size(),
                                settings.startTimeoutMillis(), key);
                    } catch (IOException e) {
                        throw new StartupException("rank 0: cannot listen on the bootstrap port " + boot.getPort() + ": "
                                + e.getMessage());
                    }
                }
                final String host = env.host() != null ? env.host()
                        : Bootstrap.localAddressTowards(boot).getHostAddress();
                transport = AeronTransport.open(world, env.rank(), aeron, "aeron:udp?endpoint=" + host + ":0",
                        settings, key, this::failed);
                final String[] table = Bootstrap.exchange(boot, env.rank(), env.size(), transport.resolvedChannel(),
                        settings.startTimeoutMillis(), key);
                System.arraycopy(table, 0, channels, 0, channels.length);
            }
            transport.connect(channels);
            if (driver != null) {
                Drivers.restrict(driverDir); // the log buffers of every peer's session exist now: 0600
            }
            world.attachRemote(transport);
        }

        /**
         * A thread of the Aeron client or of this rank's media driver failed for good: the rank cannot talk
         * any more, so it ends (its peers are told) rather than sit deaf.
         */
        private void transportFailed(String what) {
            final String reason = "job aborted: rank " + env.rank() + ": " + what;
            if (transport != null) {
                transport.fail(reason);
                transport.abortPeers(reason);
            } else {
                System.err.println(reason);
                System.err.flush();
                Runtime.getRuntime().halt(1);
            }
        }

        /** The job failed under this rank: let the program unwind, then end the process regardless. */
        private void failed(String reason) {
            final Thread reaper = new Thread(() -> {
                try {
                    Thread.sleep(GRACE_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
                System.err.println("rank " + env.rank() + ": " + reason);
                System.err.println("rank " + env.rank() + ": the program did not stop within "
                        + TimeUnit.MILLISECONDS.toSeconds(GRACE_MILLIS) + " s of the abort; ending the process");
                System.err.flush();
                Runtime.getRuntime().halt(1);
            }, "bamboo-abort-reaper");
            reaper.setDaemon(true);
            reaper.start();
        }

        int runMain(Method main, String[] args) {
            final Endpoint endpoint = world.endpoint(env.rank());
            final ClassLoader loader = main.getDeclaringClass().getClassLoader();
            endpoint.setLoader(loader);
            Binding.bind(endpoint);
            Thread.currentThread().setContextClassLoader(loader);
            try {
                main.invoke(null, (Object) args);
            } catch (InvocationTargetException e) {
                if (e.getCause() instanceof RankExit exit) {
                    // The program reported its end itself and every rank ends alike: leave as usual.
                    endpoint.markFinished();
                    return transport.finish() ? exit.exitCode() : stopped(transport.failure());
                }
                return failedWith(e.getCause());
            } catch (IllegalAccessException e) {
                System.err.println("rank " + env.rank() + ": cannot call " + main + ": " + e.getMessage());
                return 2;
            } finally {
                endpoint.markFinished();
            }
            if (!transport.finish()) {
                return stopped(transport.failure());
            }
            return 0;
        }

        /** The job was stopped under this rank: says why; rank 0 prints a deadlock's full report. */
        private int stopped(String why) {
            if (transport.deadlocked()) {
                if (env.rank() == 0) {
                    System.err.println("job aborted: " + why.replace("; ", "\n  ").replace("deadlock: ",
                            "deadlock: every rank is blocked in MPI and no message is in flight\n  "));
                } else {
                    System.err.println("rank " + env.rank() + ": job aborted: deadlock (rank 0 reports who waits for what)");
                }
                return DEADLOCK;
            }
            System.err.println("rank " + env.rank() + ": " + why);
            return 1;
        }

        private int failedWith(Throwable t) {
            if (t instanceof JobAbortedError) {
                return stopped(transport.failure() != null ? transport.failure() : t.getMessage());
            }
            if (t instanceof AbortCalledError a) {
                final String line = "job aborted: " + a.getMessage();
                System.err.println(line);
                transport.abortPeers(line);
                return a.errorCode() == 0 ? 1 : a.errorCode();
            }
            final String line = "rank " + env.rank() + " failed: " + oneLine(t);
            System.err.println(line);
            if (Boolean.getBoolean("bamboo.verbose")) {
                t.printStackTrace();
            }
            transport.abortPeers("job aborted: " + line);
            return 1;
        }

        private static String oneLine(Throwable t) {
            final String m = t.getMessage();
            final String s = m == null ? t.getClass().getName() : t.getClass().getName() + ": " + m;
            final int nl = s.indexOf('\n');
            return nl < 0 ? s : s.substring(0, nl);
        }

        @Override
        public void close() {
            world.close();
            if (transport != null) {
                transport.close();
            }
            if (server != null) {
                server.close();
            }
            if (aeron != null) {
                aeron.close();
            }
            if (driver != null) {
                // let the driver put the last frames (BYE, ACK) on the wire before it goes
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                driver.close();
            }
        }
    }
}
