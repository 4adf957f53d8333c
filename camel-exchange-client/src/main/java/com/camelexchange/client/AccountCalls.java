package com.camelexchange.client;

import com.camelexchange.client.internal.MarketDirectory;
import com.camelexchange.client.ExchangeRequest.GetUserAddress;
import com.camelexchange.client.ExchangeRequest.GetWithdrawAddress;
import com.camelexchange.client.ExchangeRequest.GetWithdrawRecord;
import com.camelexchange.client.model.AccountInfo;
import com.camelexchange.client.model.Address;
import com.camelexchange.client.model.Market;
import com.camelexchange.client.model.WithdrawPage;

import java.util.Map;
import java.util.function.Supplier;

/**
 * A client's account requests, signed: the coin a request names is checked against the market list before
 * anything is sent. They name no market, so a redirected client's target is told of none.
 */
final class AccountCalls {
    private final SignedCalls signed;
    private final MarketDirectory directory;
    private final Supplier<Map<String, Market>> fetchMarkets;

    AccountCalls(SignedCalls signed, MarketDirectory directory, Supplier<Map<String, Market>> fetchMarkets) {
        this.signed = signed;
        this.directory = directory;
        this.fetchMarkets = fetchMarkets;
    }

    AccountInfo accountInfo() {
        return signed.client(null).getAccountInfo();
    }

    Address userAddress(GetUserAddress request) {
        directory.requireKnownCoin(fetchMarkets, request.coin());
        return signed.client(null).getUserAddress(request.coin());
    }

    Address withdrawAddress(GetWithdrawAddress request) {
        directory.requireKnownCoin(fetchMarkets, request.coin());
        return signed.client(null).getWithdrawAddress(request.coin());
    }

    WithdrawPage withdrawRecord(GetWithdrawRecord request) {
        directory.requireKnownCoin(fetchMarkets, request.coin());
        return signed.client(null).getWithdrawRecord(request.coin(), request.pageIndex(), request.pageSize());
    }
}
