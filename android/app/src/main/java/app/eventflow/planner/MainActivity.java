package app.eventflow.planner;

import android.os.Bundle;
import androidx.webkit.WebSettingsCompat;
import androidx.webkit.WebViewCompat;
import androidx.webkit.WebViewFeature;
import com.getcapacitor.Bridge;
import com.getcapacitor.BridgeActivity;
import com.getcapacitor.JSExport;
import com.getcapacitor.Logger;
import com.getcapacitor.PluginHandle;
import java.lang.reflect.Field;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

public class MainActivity extends BridgeActivity {
    @Override
    public void onCreate(Bundle savedInstanceState) {
        super.onCreate(savedInstanceState);
        injectBridgeIntoSite();
        // Passkeys (decision 011) inside the app: the WebView hands WebAuthn to Android's
        // Credential Manager as this app, which eventflow.app vouches for in
        // /.well-known/assetlinks.json (decision 013).
        if (WebViewFeature.isFeatureSupported(WebViewFeature.WEB_AUTHENTICATION)) {
            WebSettingsCompat.setWebAuthenticationSupport(
                getBridge().getWebView().getSettings(),
                WebSettingsCompat.WEB_AUTHENTICATION_SUPPORT_FOR_APP
            );
        }
    }

    /**
     * Decision 013: the app opens the deployed site (server.allowNavigation), and the site's
     * pages need Capacitor's bridge for push, Face ID and purchases. Capacitor 8 adds its
     * document-start script only for the app's own origin (https://localhost) on WebViews
     * with DOCUMENT_START_SCRIPT (ionic-team/capacitor#7454); allowNavigation only lets those
     * hosts post messages back. So the same script Capacitor builds (Bridge.getJSInjector and
     * JSInjector, not public) is added here for the allowNavigation origins. Runs before the start page
     * navigates, so the site's first document already has it.
     */
    private void injectBridgeIntoSite() {
        Bridge bridge = getBridge();
        String[] hosts = bridge.getConfig().getAllowNavigation();
        if (hosts == null || hosts.length == 0) return;
        if (!WebViewFeature.isFeatureSupported(WebViewFeature.DOCUMENT_START_SCRIPT)) {
            Logger.error("This WebView cannot run Capacitor's bridge on " + String.join(", ", hosts) + ": update Android System WebView");
            return;
        }
        try {
            Field pluginsField = Bridge.class.getDeclaredField("plugins");
            pluginsField.setAccessible(true);
            @SuppressWarnings("unchecked")
            Map<String, PluginHandle> plugins = (Map<String, PluginHandle>) pluginsField.get(bridge);
            // In the order of Capacitor's (package-private) JSInjector.getScriptString.
            String script = String.join(
                "\n\n",
                JSExport.getGlobalJS(this, bridge.getConfig().isLoggingEnabled(), bridge.isDevMode()),
                "window.WEBVIEW_SERVER_URL = '" + bridge.getLocalUrl() + "';",
                JSExport.getBridgeJS(this),
                JSExport.getPluginJS(plugins.values()),
                JSExport.getCordovaJS(this),
                JSExport.getCordovaPluginsFileJS(this),
                JSExport.getCordovaPluginJS(this)
            );
            Set<String> origins = new HashSet<>();
            for (String host : hosts) {
                if (host.startsWith("http")) {
                    origins.add(host);
                    continue;
                }
                origins.add("https://" + host);
                // `npm run dev` on this computer, seen from the emulator (README, Native apps).
                if (host.startsWith("10.0.2.2") || host.startsWith("localhost")) origins.add("http://" + host);
            }
            WebViewCompat.addDocumentStartJavaScript(bridge.getWebView(), script, origins);
        } catch (Exception exception) {
            Logger.error("Could not add Capacitor's bridge to " + String.join(", ", hosts), exception);
        }
    }
}
