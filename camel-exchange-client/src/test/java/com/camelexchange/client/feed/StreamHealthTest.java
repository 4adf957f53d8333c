package com.camelexchange.client.feed;

import com.camelexchange.client.internal.feed.StreamHealth;
import com.camelexchange.client.internal.json.ExchangeJson;
import com.camelexchange.client.internal.json.PushFrame;
import com.camelexchange.client.internal.json.PushFrames;
import com.camelexchange.client.internal.stream.StreamListener;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The health check listens in on a stream consumer's channel without keeping anything from the consumer. */
class StreamHealthTest {

    @Test
    void everyCallOfTheSessionReachesTheConsumerAndItsAnswersComeBack() {
        List<String> calls = new ArrayList<>();
        StreamListener consumer = new StreamListener() {
            @Override
            public void onSubscribed() {
                calls.add("subscribed");
            }

            @Override
            public void onFrame(PushFrame frame) {
                calls.add("frame");
            }

            @Override
            public void onGap(String reason) {
                calls.add("gap");
            }

            @Override
            public void onChannelError(int code, String message) {
                calls.add("error");
            }

            @Override
            public boolean onSilent(Duration silentFor) {
                calls.add("silent");
                return true;
            }

            @Override
            public boolean snapshots() {
                return true;
            }
        };
        StreamListener heard = new StreamHealth("test").listenerFor(consumer);
        heard.onSubscribed();
        heard.onFrame(new PushFrames(new ExchangeJson()).read("{\"channel\":\"btcusdt_ticker\"}"));
        heard.onGap("test");
        heard.onChannelError(1007, "test");
        assertThat(heard.onSilent(Duration.ofSeconds(1))).as("a consumer that checks over REST says so").isTrue();
        assertThat(heard.snapshots()).isTrue();
        assertThat(calls).containsExactly("subscribed", "frame", "gap", "error", "silent");
    }
}
