package com.camelexchange.component;

import com.camelexchange.client.paper.PaperRun;
import org.apache.camel.CamelContext;
import org.apache.camel.StartupListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * When a backtest runs and how it ends: the recording starts to be applied once every route of the context runs
 * (an event applied before a consumer started would be lost to it), so a component added to a context that runs
 * already cannot start one (when its routes would all run is not known then); and at its end the CamelContext is
 * stopped. That is how Camel Main is asked to end from inside its context (Main's lifecycle strategy hands a stop of
 * the context to Main's shutdown strategy, as a stop over JMX does), so an application run by Camel Main ends by
 * itself, and a plain context or a Spring Boot application stops its Camel as before. Camel Main's idle watch is
 * stopped after it ({@link MainIdleWatch}), since Camel leaves its thread running after any end but its own. The stop
 * runs on a thread of its own: the replay's thread is one the stop waits for.
 */
final class BacktestEnd {
    private static final Logger LOG = LoggerFactory.getLogger(BacktestEnd.class);

    private BacktestEnd() {
    }

    /** Refuses a context that runs already, before anything of the backtest is opened. */
    static void requireNotStarted(CamelContext context) {
        if (context.isStarted()) {
            throw new IllegalStateException("A backtest (replayFrom) starts with its CamelContext, once all its routes"
                                             + " run: this context runs already. Set replayFrom on the component of a"
                                             + " context not started yet");
        }
    }

    static void startWhenRoutesRun(ExchangeComponent component, PaperRun run) throws Exception {
        CamelContext context = component.getCamelContext();
        context.addStartupListener(new StartupListener() {
            @Override
            public void onCamelContextStarted(CamelContext started, boolean alreadyStarted) {
                // Not yet: routes may still be starting. (A context that runs already is refused at the start.)
            }

            @Override
            public void onCamelContextFullyStarted(CamelContext started, boolean alreadyStarted) {
                // A context started again calls every listener again: only the component's run of now starts.
                if (component.isCurrentRun(run)) {
                    run.startBacktest(() -> !context.isStopping() && !context.isStopped(), () -> stop(context));
                }
            }
        });
    }

    private static void stop(CamelContext context) {
        Thread stopping = new Thread(() -> {
            try {
                context.stop();
            } catch (RuntimeException e) {
                LOG.warn("The CamelContext did not stop cleanly after the backtest: {}", e.toString());
            } finally {
                MainIdleWatch.stop(context);
            }
        }, "backtest-end");
        stopping.start();
    }
}
