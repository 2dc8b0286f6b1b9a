import type { LaunchOptions, Page } from 'playwright-core';

export declare const demoPassword: string;
export declare function chromiumLaunchOptions(): LaunchOptions;
export declare function signIn(page: Page, baseUrl: string, email: string): Promise<void>;
