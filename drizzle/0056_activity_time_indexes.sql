CREATE INDEX "certificates_issued" ON "certificates" USING btree ("account_id","issued_at");--> statement-breakpoint
CREATE INDEX "group_comments_time" ON "group_comments" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "group_posts_time" ON "group_posts" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "enrolments_completed" ON "enrolments" USING btree ("account_id","completed_at");--> statement-breakpoint
CREATE INDEX "members_joined" ON "members" USING btree ("account_id","created_at");