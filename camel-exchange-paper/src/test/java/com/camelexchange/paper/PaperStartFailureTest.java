package com.camelexchange.paper;

import org.apache.camel.Exchange;
import org.apache.camel.support.processor.state.MemoryStateRepository;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A paper exchange that fails to start leaves nothing running behind it, call after call. */
class PaperStartFailureTest {

    /** A state repository that reads but cannot write: the paper account's first save fails. */
    private static final class Full extends MemoryStateRepository {
        @Override
        public void setState(String key, String value) {
            throw new IllegalStateException("the state repository is full");
        }
    }

    @Test
    void aPaperExchangeWhoseFirstSaveFailsStopsItsSimulator() throws Exception {
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> c.setPaperStateRepository(new Full()), null)) {
            long running = vertxInstances();
            for (int call = 0; call < 3; call++) {
                Exchange reply = paper.send("exchange:getAccountInfo", null, Map.of());
                assertThat(reply.getException()).as("call %d", call)
                        .hasStackTraceContaining("the state repository is full");
            }
            assertThat(paper.component.paperExchange()).isNull();
            Await.until(10, "every simulator started for the paper exchange is stopped",
                    () -> vertxInstances() <= running);
            assertThat(live.signedRequests()).isZero();
        }
    }

    /** Vert.x instances alive in this JVM, one per simulator: each has one blocked-thread checker thread. */
    private static long vertxInstances() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().equals("vertx-blocked-thread-checker")).count();
    }
}
