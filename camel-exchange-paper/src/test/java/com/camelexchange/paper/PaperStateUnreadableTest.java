package com.camelexchange.paper;

import com.camelexchange.client.model.OrderSide;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.Exchange;
import org.apache.camel.spi.StateRepository;
import org.apache.camel.support.processor.state.FileStateRepository;
import org.apache.camel.support.processor.state.MemoryStateRepository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A kept paper account that cannot be taken up (a save cut short, a file that is not JSON, an account the paper
 * exchange refuses) stops the paper exchange from starting with a {@link PaperStateException} that names the
 * repository and the key, says what is wrong without repeating what is kept, and what to do; nothing is logged with
 * a stack trace, and nothing signed reaches the live service.
 */
class PaperStateUnreadableTest {
    private static final String KEY = "camel-exchange-paper";
    private static final String HALF_WRITTEN = "{\"format\":\"camel-exchange-paper/1\",\"accessKey\":\"paper-"
            + "0123456789abcdef\",\"startingBalances\":{\"usdt\":\"100";

    @TempDir
    Path dir;

    @Test
    void aHalfWrittenStateNamesTheRepositoryAndTheKeyAndWhatToDo() throws Exception {
        MemoryStateRepository repository = new MemoryStateRepository();
        repository.setState(KEY, HALF_WRITTEN);
        PaperStateException refused = refusedAtStart(repository);
        assertThat(refused.getMessage()).contains("paperStateRepository (MemoryStateRepository)")
                .contains("under the key '" + KEY + "'").contains("it ends early, at line 1, column")
                .contains("a save was cut short").contains("delete the key '" + KEY + "' from there")
                .contains("another key (paperStateKey)")
                .doesNotContain("0123456789abcdef").doesNotContain("Jackson").doesNotContain("REDACTED");
    }

    @Test
    void aFileRepositoryIsNamedByItsFileAndGarbageIsNotJson() throws Exception {
        Path file = dir.resolve("paper-state.dat");
        FileStateRepository repository = FileStateRepository.fileStateRepository(file.toFile());
        repository.start();
        repository.setState(KEY, "paper-0123456789abcdef and no JSON at all");
        PaperStateException refused = refusedAtStart(repository);
        assertThat(refused.getMessage()).contains("paperStateRepository (FileStateRepository " + file + ")")
                .contains("it is not well-formed JSON, at line 1, column").doesNotContain("0123456789abcdef");
    }

    /** An order of the kept account dated, on the market's clock, two days after it was placed: out of bounds. */
    @Test
    void aKeptAccountThePaperExchangeRefusesSaysWhy() throws Exception {
        MemoryStateRepository repository = new MemoryStateRepository();
        String accessKey;
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> c.setPaperStateRepository(repository), null)) {
            paper.place(OrderSide.BUY, "50000.00", "0.01");
            accessKey = paper.paperExchange().accessKey();
        }
        ObjectMapper json = new ObjectMapper();
        ObjectNode state = (ObjectNode) json.readTree(repository.getState(KEY));
        ObjectNode order = (ObjectNode) state.get("accounts").get("accounts").get(0).get("orders").get(0);
        order.put("marketTime", Instant.parse(order.get("createdAt").asText()).plus(Duration.ofDays(2)).toString());
        repository.setState(KEY, json.writeValueAsString(state));

        PaperStateException refused = refusedAtStart(repository);
        assertThat(refused.getMessage()).contains("under the key '" + KEY + "'")
                .contains("the paper exchange refuses it").contains("marketTime").contains("more than a day after it was placed").doesNotContain(accessKey);
    }

    /** Calls the paper exchange twice on the kept state: refused both times, quietly; nothing signed reaches A. */
    private static PaperStateException refusedAtStart(StateRepository<String, String> repository) throws Exception {
        PaperStateException[] refused = new PaperStateException[1];
        CapturedLog log = CapturedLog.of(() -> {
            try (LiveStandIn live = new LiveStandIn().withBook();
                 PaperContext paper = PaperContext.paper(live, c -> c.setPaperStateRepository(repository), null)) {
                for (int call = 0; call < 2; call++) {
                    Exchange reply = paper.send("exchange:getAccountInfo", null, Map.of());
                    assertThat(reply.getException()).as("call %d", call).isInstanceOf(PaperStateException.class);
                    refused[0] = (PaperStateException) reply.getException();
                }
                assertThat(paper.component.paperExchange()).isNull();
                assertThat(live.signedRequests()).isZero();
            }
        });
        assertThat(log.hasStackTrace()).as(log.toString()).isFalse();
        assertThat(refused[0].getCause()).as("nothing underneath to print").isNull();
        return refused[0];
    }
}
