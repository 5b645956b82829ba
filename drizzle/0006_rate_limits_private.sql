REVOKE ALL ON "rate_limits" FROM lyceum_app;
