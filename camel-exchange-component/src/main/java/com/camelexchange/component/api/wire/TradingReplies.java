package com.camelexchange.component.api.wire;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/** The shapes of the signed trading and account replies. */
final class TradingReplies {
    private TradingReplies() {
    }

    /** {@code order}: the new order's number, beside the reply's code. */
    record Placed(String id, Integer code, String message) {
        Placed {
            Required.field(id, "id");
        }
    }

    /** {@code orderMoreV2}: the new orders' numbers, in the order of the pairs sent. */
    record PlacedBatch(List<String> data, Integer code, String message) {
        PlacedBatch {
            Required.field(data, "data");
        }
    }

    /** A reply that carries nothing but its code and message (a cancel). */
    record Acknowledged(Integer code, String message) {
    }

    /**
     * An order record. {@code currency} is the market in variant A and the trade coin in variant B;
     * {@code type} 1 is buy, 0 sell; {@code trade_date} in milliseconds; {@code trade_price} only in variant B.
     */
    record OrderRecord(String id, String currency, BigDecimal price, Integer status,
                       @JsonProperty("total_amount") BigDecimal totalAmount,
                       @JsonProperty("trade_amount") BigDecimal tradeAmount,
                       @JsonProperty("trade_money") BigDecimal tradeMoney,
                       @JsonProperty("trade_price") BigDecimal tradePrice,
                       @JsonProperty("trade_date") @JsonDeserialize(using = EpochTime.Millis.class) Instant tradeDate,
                       Integer type) {
        OrderRecord {
            Required.field(id, "id");
            Required.field(price, "price");
            Required.field(status, "status");
            Required.field(totalAmount, "total_amount");
            Required.field(tradeAmount, "trade_amount");
            Required.field(tradeMoney, "trade_money");
            Required.field(tradeDate, "trade_date");
            Required.field(type, "type");
        }
    }

    /** {@code getAccountInfo}: balances and user data under {@code result}, the key's permissions beside it. */
    record AccountReply(AccountResult result, boolean assetPerm, boolean entrustPerm, boolean moneyPerm,
                        boolean leverPerm) {
        AccountReply {
            Required.field(result, "result");
        }
    }

    record AccountResult(List<CoinRecord> coins, BaseRecord base) {
        AccountResult {
            Required.field(coins, "coins");
        }
    }

    /** One coin of an account; the English name is written {@code enName} or {@code ename}. */
    record CoinRecord(String key, String enName, String ename, String cnName, String showName, String unitTag,
                      int unitDecimal, int fundstype, BigDecimal available, BigDecimal freez, boolean isCanRecharge,
                      boolean isCanWithdraw, boolean canLoan) {
        CoinRecord {
            Required.field(key, "key");
            Required.field(available, "available");
            Required.field(freez, "freez");
        }
    }

    record BaseRecord(String username, @JsonProperty("trade_password_enabled") boolean tradePasswordEnabled,
                      @JsonProperty("auth_google_enabled") boolean authGoogleEnabled,
                      @JsonProperty("auth_mobile_enabled") boolean authMobileEnabled) {
    }

    /**
     * Address and withdrawal-record replies wrap their data as
     * {@code {"code":1000,"message":{"des":"success","isSuc":true,"datas":{...}}}}.
     */
    record Wrapped<T>(Datas<T> message, Integer code) {
        Wrapped {
            Required.field(message, "message");
        }
    }

    /** {@code isSuc} says whether the call succeeded, {@code des} why not. */
    record Datas<T>(T datas, Boolean isSuc, String des) {
        Datas {
            Required.field(datas, "datas");
        }
    }

    /** The data of an address reply: the address is {@code key}. */
    record AddressData(String key) {
        AddressData {
            Required.field(key, "key");
        }
    }

    /** A page of withdrawal records. */
    record WithdrawData(List<WithdrawRow> list, int pageIndex, int pageSize, int totalCount, int totalPage) {
        WithdrawData {
            Required.field(list, "list");
        }
    }

    /** One withdrawal; {@code manageTime} is 0 while it is not processed. Times in milliseconds. */
    record WithdrawRow(Long id, BigDecimal amount, BigDecimal fees,
                       @JsonDeserialize(using = EpochTime.Millis.class) Instant submitTime, long manageTime,
                       Integer status, String toAddress) {
        WithdrawRow {
            Required.field(id, "id");
            Required.field(amount, "amount");
            Required.field(fees, "fees");
            Required.field(submitTime, "submitTime");
            Required.field(status, "status");
        }
    }
}
