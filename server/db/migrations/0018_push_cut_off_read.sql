-- A send cut off by a stopped server is told as it is read (services/push.ts `cutOff`), with no write on
-- a read: nothing looks for SENDING rows by their last touch any more.
DROP INDEX "push_messages_sending_idx";
